import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handOffFirstScreen, removeFirstScreen, watchFirstScreen } from './first-screen';

/** Home's first screen as the server sends it (apps/server platform/home-first-screen.ts), trimmed. */
function paintFirstScreen(): HTMLElement {
  const screen = document.createElement('div');
  screen.id = 'first-screen';
  document.body.append(screen);
  return screen;
}

describe("home's first screen from the HTML", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Frames run as timers here: two frames are two ticks.
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 16));
  });
  afterEach(() => {
    removeFirstScreen();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("stays until the app's banner is decoded and two frames have been painted, then goes", async () => {
    const screen = paintFirstScreen();
    let decoded: () => void = () => undefined;
    const image = document.createElement('img');
    image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    handOffFirstScreen(image);
    await vi.advanceTimersByTimeAsync(100);
    expect(screen.isConnected).toBe(true);
    decoded();
    await vi.advanceTimersByTimeAsync(16);
    expect(screen.isConnected).toBe(true);
    await vi.advanceTimersByTimeAsync(16);
    expect(screen.isConnected).toBe(false);
  });

  it('goes even when the picture cannot be decoded', async () => {
    const screen = paintFirstScreen();
    const image = document.createElement('img');
    image.decode = () => Promise.reject(new Error('broken'));
    handOffFirstScreen(image);
    await vi.advanceTimersByTimeAsync(40);
    expect(screen.isConnected).toBe(false);
  });

  it("goes at the visitor's first input, or after a long wait", async () => {
    const touched = paintFirstScreen();
    watchFirstScreen();
    window.dispatchEvent(new Event('scroll'));
    expect(touched.isConnected).toBe(true);
    window.dispatchEvent(new Event('pointerdown'));
    expect(touched.isConnected).toBe(false);

    const waited = paintFirstScreen();
    watchFirstScreen();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(waited.isConnected).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(waited.isConnected).toBe(false);
  });

  it('does nothing on a page without one (every page but home)', () => {
    const cover = document.createElement('div');
    cover.id = 'loading-cover';
    document.body.append(cover);
    const listen = vi.spyOn(window, 'addEventListener');
    watchFirstScreen();
    expect(listen).not.toHaveBeenCalled();
    removeFirstScreen();
    expect(cover.isConnected).toBe(true);
    cover.remove();
  });
});
