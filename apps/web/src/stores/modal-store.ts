import { create } from 'zustand';

/** The site's popups (spec section 2, Modals). One is open at a time. */
export type ModalName = 'login' | 'register' | 'feedback';

/** The agent page opens the same login popup without remember-password or one-click login. */
export type LoginMode = 'member' | 'agent';

interface ModalState {
  openModal: ModalName | null;
  loginMode: LoginMode;
  open: (name: ModalName, options?: { loginMode?: LoginMode }) => void;
  close: () => void;
}

export const useModalStore = create<ModalState>()((set) => ({
  openModal: null,
  loginMode: 'member',
  open: (name, options) => set({ openModal: name, loginMode: options?.loginMode ?? 'member' }),
  close: () => set({ openModal: null, loginMode: 'member' }),
}));

export function openLoginModal(options?: { loginMode?: LoginMode }): void {
  useModalStore.getState().open('login', options);
}

export function openRegisterModal(): void {
  useModalStore.getState().open('register');
}

export function openFeedbackModal(): void {
  useModalStore.getState().open('feedback');
}

export function closeModal(): void {
  useModalStore.getState().close();
}
