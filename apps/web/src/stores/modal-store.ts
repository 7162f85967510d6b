import { create } from 'zustand';

/**
 * The site's popups (spec section 2, Modals). One is open at a time: opening another replaces
 * it (the login popup's "register" link swaps the popups).
 */
export type ModalName = 'login' | 'register' | 'feedback' | 'forgotPassword' | 'changePassword' | 'trueAccount';

/** The agent page opens the same login popup without remember-password or one-click login. */
export type LoginMode = 'member' | 'agent';

export interface ChangePasswordRequest {
  /**
   * Forced by the login (123456 or an expired password): the popup cannot be dismissed, only
   * answered or left by signing out.
   */
  isForced: boolean;
  /**
   * The password typed at login, held in memory only until the popup closes, so the member is
   * not asked for it twice (spec: "the old password is shown only if none is held").
   */
  heldPassword: string | null;
}

interface ModalState {
  openModal: ModalName | null;
  loginMode: LoginMode;
  changePassword: ChangePasswordRequest;
  open: (name: ModalName, options?: { loginMode?: LoginMode }) => void;
  openChangePassword: (request: ChangePasswordRequest) => void;
  close: () => void;
}

const NO_CHANGE_PASSWORD: ChangePasswordRequest = { isForced: false, heldPassword: null };

export const useModalStore = create<ModalState>()((set) => ({
  openModal: null,
  loginMode: 'member',
  changePassword: NO_CHANGE_PASSWORD,
  open: (name, options) => set({ openModal: name, loginMode: options?.loginMode ?? 'member', changePassword: NO_CHANGE_PASSWORD }),
  openChangePassword: (request) => set({ openModal: 'changePassword', loginMode: 'member', changePassword: request }),
  // Closing forgets the held password at once.
  close: () => set({ openModal: null, loginMode: 'member', changePassword: NO_CHANGE_PASSWORD }),
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

export function openForgotPasswordModal(): void {
  useModalStore.getState().open('forgotPassword');
}

export function openChangePasswordModal(request: Partial<ChangePasswordRequest> = {}): void {
  useModalStore.getState().openChangePassword({ isForced: request.isForced ?? false, heldPassword: request.heldPassword ?? null });
}

/** Spec: a trial player who tries a member-only action is told a true account is needed. */
export function openTrueAccountModal(): void {
  useModalStore.getState().open('trueAccount');
}

export function closeModal(): void {
  useModalStore.getState().close();
}
