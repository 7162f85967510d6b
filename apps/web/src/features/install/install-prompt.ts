/**
 * The browser's install offer (beforeinstallprompt: Chrome, Edge, Samsung Internet on Android
 * and desktop). It fires once, often before the install page is open, so it is kept from start
 * (main.tsx calls listenForInstallPrompt) and handed to the page when the member taps Install.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState = 'unknown' | 'available' | 'installed';

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function listenForInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away: the site offers installing on its own page.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

export function getInstallState(): InstallState {
  if (installed || isRunningInstalled()) return 'installed';
  return deferred ? 'available' : 'unknown';
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; resolves with the member's answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // The event can be used once.
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  notify();
  return outcome;
}

/** True inside the installed app (a home-screen launch). */
export function isRunningInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export type InstallPlatform = 'ios' | 'android' | 'other';

/** iPhone and iPad (iPadOS reports a Mac with touch), Android, or anything else. */
export function detectPlatform(userAgent: string, maxTouchPoints: number): InstallPlatform {
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/android/i.test(userAgent)) return 'android';
  return 'other';
}
