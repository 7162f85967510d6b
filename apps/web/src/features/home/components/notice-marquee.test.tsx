import type { AnnouncementItem } from '@kismat/contracts/messages';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NoticeMarquee } from './notice-marquee';

/*
 * The marquee scrolls only when its titles are wider than its strip (jsdom has no layout: each
 * title is given a width, the strip a width, and a ResizeObserver the test fires by hand).
 */

const TITLE_WIDTH = 200;
const GAP = 40;
let stripWidth = 1000;
const observers: ResizeObserverCallback[] = [];

class ManualResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.push(callback);
  }
  observe() {}
  unobserve() {}
  disconnect() {
    const index = observers.indexOf(this.callback);
    if (index >= 0) observers.splice(index, 1);
  }
}

const notice = (id: number): AnnouncementItem => ({
  id,
  type: 'PL',
  title: `Notice ${id}`,
  content: '<p>text</p>',
  execution: null,
  announcementImages: [],
  sort: id,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
});

function strip(): HTMLElement {
  const viewport = screen.getAllByRole('listitem')[0]?.closest('ul')?.parentElement;
  if (!viewport) throw new Error('no strip');
  return viewport;
}

describe('notice marquee', () => {
  beforeEach(() => {
    stripWidth = 1000;
    vi.stubGlobal('ResizeObserver', ManualResizeObserver);
    // Each title TITLE_WIDTH wide, GAP apart, from x = 0; the strip stripWidth wide.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: HTMLElement) {
      const items = Array.from(this.parentElement?.children ?? []);
      const index = this.tagName === 'LI' ? items.indexOf(this) : 0;
      const left = index * (TITLE_WIDTH + GAP);
      return { left, right: left + TITLE_WIDTH, top: 0, bottom: 20, width: TITLE_WIDTH, height: 20, x: left, y: 0, toJSON: () => ({}) };
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => stripWidth);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  it('titles that fit stand still: no scrolling, no animation', () => {
    // Three titles: 3 x 200 + 2 x 40 = 680 px in a 1000 px strip.
    renderWithProviders(<NoticeMarquee notices={[notice(1), notice(2), notice(3)]} onOpen={() => undefined} />);
    expect(strip().hasAttribute('data-scrolling')).toBe(false);
    expect(strip().querySelector('ul')?.style.animationDuration).toBe('');
  });

  it('titles wider than the strip scroll, about 9 s per notice', () => {
    stripWidth = 600;
    renderWithProviders(<NoticeMarquee notices={[notice(1), notice(2), notice(3)]} onOpen={() => undefined} />);
    expect(strip().hasAttribute('data-scrolling')).toBe(true);
    expect(strip().querySelector('ul')?.style.animationDuration).toBe('27s');
  });

  it('starts scrolling when the strip narrows, and stops when it widens again', () => {
    renderWithProviders(<NoticeMarquee notices={[notice(1), notice(2), notice(3)]} onOpen={() => undefined} />);
    expect(strip().hasAttribute('data-scrolling')).toBe(false);
    stripWidth = 390;
    act(() => {
      for (const callback of [...observers]) callback([], {} as ResizeObserver);
    });
    expect(strip().hasAttribute('data-scrolling')).toBe(true);
    stripWidth = 1200;
    act(() => {
      for (const callback of [...observers]) callback([], {} as ResizeObserver);
    });
    expect(strip().hasAttribute('data-scrolling')).toBe(false);
  });
});
