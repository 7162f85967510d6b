import { create } from 'zustand';

/**
 * Play is paused while a reality check waits for the member's answer (issue 17): the slot screen
 * reads this and keeps its spin button disabled. Set by the reality-check popup (app level), read
 * by game screens; no feature imports another, both meet here.
 */
interface PlayPauseState {
  isPaused: boolean;
  setPaused: (isPaused: boolean) => void;
}

export const usePlayPauseStore = create<PlayPauseState>()((set) => ({
  isPaused: false,
  setPaused: (isPaused) => set({ isPaused }),
}));
