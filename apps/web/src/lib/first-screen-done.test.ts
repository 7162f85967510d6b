import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The signal is module state (one per page): each test loads a fresh copy.
async function freshSignal() {
  vi.resetModules();
  return import('./first-screen-done');
}

describe('first screen done', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('comes FIRST_SCREEN_QUIET_MS after load for a visitor who does not touch the page, and tells its listeners', async () => {
    const { FIRST_SCREEN_QUIET_MS, isFirstScreenDone, subscribeFirstScreenDone } = await freshSignal();
    const listener = vi.fn();
    subscribeFirstScreenDone(listener);
    vi.advanceTimersByTime(FIRST_SCREEN_QUIET_MS - 1);
    expect(isFirstScreenDone()).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(isFirstScreenDone()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('comes at once with the first key or touch, and a scroll of the page alone does not count', async () => {
    const { isFirstScreenDone } = await freshSignal();
    expect(isFirstScreenDone()).toBe(false);
    window.dispatchEvent(new Event('scroll'));
    expect(isFirstScreenDone()).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(isFirstScreenDone()).toBe(true);
  });
});
