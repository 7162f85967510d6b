import { create } from 'zustand';

/** Shell layout state. Not persisted: spec section 3 fixes what the browser may store. */
interface UiState {
  isSideMenuCollapsed: boolean;
  isDrawerOpen: boolean;
  isFloatingBarCollapsed: boolean;
  /** The header balance shown as stars (a member playing in public). */
  isBalanceHidden: boolean;
  toggleBalanceHidden: () => void;
  toggleSideMenu: () => void;
  setDrawerOpen: (isOpen: boolean) => void;
  toggleFloatingBar: () => void;
}

const isSmallScreen = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 768px)').matches === true;

export const useUiStore = create<UiState>()((set) => ({
  isSideMenuCollapsed: false,
  isDrawerOpen: false,
  // On phones the bar would cover content: it starts behind its toggle.
  isFloatingBarCollapsed: isSmallScreen,
  isBalanceHidden: false,
  toggleBalanceHidden: () => set((state) => ({ isBalanceHidden: !state.isBalanceHidden })),
  toggleSideMenu: () => set((state) => ({ isSideMenuCollapsed: !state.isSideMenuCollapsed })),
  setDrawerOpen: (isOpen) => set({ isDrawerOpen: isOpen }),
  toggleFloatingBar: () => set((state) => ({ isFloatingBarCollapsed: !state.isFloatingBarCollapsed })),
}));
