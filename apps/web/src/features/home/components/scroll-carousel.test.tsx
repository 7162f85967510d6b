import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollCarousel } from './scroll-carousel';

/** An IntersectionObserver that reports only when the test says so. */
class ManualObserver {
  static all: ManualObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ManualObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The observers watching `target` inside a scroller (a carousel's track) report it near. */
  static near(target: Element) {
    for (const observer of ManualObserver.all.filter((each) => each.options.root && each.targets.includes(target)))
      observer.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
  }
}

const items = Array.from({ length: 12 }, (_, index) => `game-${index + 1}`);

function renderCarousel() {
  return render(
    <ScrollCarousel
      items={items}
      getKey={(item) => item}
      renderSlide={(item) => <span data-testid="tile">{item}</span>}
      autoplayMs={null}
      loop
      maxPerView={4}
      rendersNearSlidesOnly
    />,
  );
}

describe('scroll carousel: only the slides near the view render (issue 16 item 6)', () => {
  // jsdom has no scrolling: the carousel places its track with scrollTo.
  const scrollTo = HTMLElement.prototype.scrollTo;
  beforeEach(() => {
    HTMLElement.prototype.scrollTo = vi.fn();
  });
  afterEach(() => {
    HTMLElement.prototype.scrollTo = scrollTo;
    vi.unstubAllGlobals();
    ManualObserver.all = [];
  });

  it('renders the first picture and a slide either side; a slide scrolled near renders then', () => {
    vi.stubGlobal('IntersectionObserver', ManualObserver);
    const { container, getAllByTestId } = renderCarousel();
    const track = container.querySelector('section > div') as HTMLElement;
    // 4 copies before, 12 games, 4 copies after: every position keeps its slide box.
    expect(track.children).toHaveLength(20);
    // Position 3 (the copy of the last game), the four in view, position 8 (the fifth game).
    expect(getAllByTestId('tile').map((tile) => tile.textContent)).toEqual(['game-12', 'game-1', 'game-2', 'game-3', 'game-4', 'game-5']);
    expect(track.children[9]?.childElementCount).toBe(0);
    const slide = track.children[9] as HTMLElement;
    act(() => ManualObserver.near(slide));
    expect(slide.textContent).toBe('game-6');
    // The copies stay hidden from assistive technology, rendered or not.
    expect(track.children[3]?.getAttribute('aria-hidden')).toBe('true');
    expect(track.children[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(track.children[4]?.getAttribute('aria-hidden')).toBeNull();
  });

  it('renders every slide where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { getAllByTestId } = renderCarousel();
    expect(getAllByTestId('tile')).toHaveLength(20);
  });
});
