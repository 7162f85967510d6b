import { afterEach, describe, expect, it, vi } from 'vitest';
import bn from '../../locales/install/bn.json';
import en from '../../locales/install/en.json';
import sw from '../../locales/install/sw.json';
import { detectPlatform, getInstallState, type InstallPromptEvent, listenForInstallPrompt, promptInstall } from './install-prompt';

type Messages = { [key: string]: string | Messages };
function flatten(messages: Messages, prefix = ''): Array<[string, string]> {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

describe('install page messages', () => {
  it('BN, EN and SW have the same keys, none empty', () => {
    const keys = (messages: Messages) =>
      flatten(messages)
        .map(([key]) => key)
        .sort();
    expect(keys(en)).toEqual(keys(bn));
    expect(keys(sw)).toEqual(keys(bn));
    for (const messages of [bn, en, sw]) expect(flatten(messages).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});

describe('detectPlatform', () => {
  it('tells iPhone, iPad (also when it reports a Mac with touch) and Android from the rest', () => {
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe('other');
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 14; SM-A546E) Chrome/126.0 Mobile', 5)).toBe('android');
    expect(detectPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0', 0)).toBe('other');
  });
});

describe('the browser install offer', () => {
  afterEach(() => vi.restoreAllMocks());

  function offer(outcome: 'accepted' | 'dismissed'): InstallPromptEvent {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
    Object.assign(event, { prompt: vi.fn(async () => undefined), userChoice: Promise.resolve({ outcome }) });
    return event;
  }

  it('keeps the offer from start, shows it once on request, and knows the answer', async () => {
    listenForInstallPrompt();
    expect(await promptInstall()).toBe('unavailable');

    const dismissed = offer('dismissed');
    window.dispatchEvent(dismissed);
    // The browser's own mini-infobar is held back: the site offers installing on its page.
    expect(dismissed.defaultPrevented).toBe(true);
    expect(getInstallState()).toBe('available');
    expect(await promptInstall()).toBe('dismissed');
    expect(dismissed.prompt).toHaveBeenCalledTimes(1);
    // An offer is used once: the next tap waits for a new one.
    expect(getInstallState()).toBe('unknown');
    expect(await promptInstall()).toBe('unavailable');

    const accepted = offer('accepted');
    window.dispatchEvent(accepted);
    expect(await promptInstall()).toBe('accepted');
    expect(getInstallState()).toBe('installed');
  });
});
