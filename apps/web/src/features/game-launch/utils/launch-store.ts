import type { GameItem } from '@kismat/contracts/catalogue';
import { create } from 'zustand';

export interface OpenGame {
  url: string;
  title: string;
  isDemo: boolean;
  /** Free trial: play money, said above the frame. */
  isFunMode: boolean;
}

export interface LaunchNotice {
  kind: 'maintenance' | 'blocked' | 'failed' | 'noTrial';
  gameName: string;
  message?: string;
  suggestions: GameItem[];
  maintenanceEnd: string | null;
}

interface LaunchState {
  popup: OpenGame | null;
  notice: LaunchNotice | null;
  pendingKey: string | null;
  openPopup: (game: OpenGame) => void;
  closePopup: () => void;
  showNotice: (notice: LaunchNotice) => void;
  closeNotice: () => void;
  setPending: (key: string | null) => void;
}

/** The game popup (iframe in the generic dialog) and the launch refusals shown over any page. */
export const useLaunchStore = create<LaunchState>()((set) => ({
  popup: null,
  notice: null,
  pendingKey: null,
  openPopup: (popup) => set({ popup, notice: null }),
  closePopup: () => set({ popup: null }),
  showNotice: (notice) => set({ notice }),
  closeNotice: () => set({ notice: null }),
  setPending: (pendingKey) => set({ pendingKey }),
}));
