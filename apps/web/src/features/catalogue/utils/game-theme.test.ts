import { describe, expect, it } from 'vitest';
import { gameThemeClasses, gameThemeNumber } from './game-theme';

describe('game theme classes', () => {
  it('cycles 1 to 6 by node id', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 12, 13].map(gameThemeNumber)).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 6, 1]);
    expect(gameThemeNumber(0)).toBe(6);
    expect(gameThemeNumber('7')).toBe(1);
  });

  it('gives a stable theme to text ids too', () => {
    expect(gameThemeNumber('abc')).toBe(gameThemeNumber('abc'));
    expect(gameThemeNumber('abc')).toBeGreaterThanOrEqual(1);
    expect(gameThemeNumber('abc')).toBeLessThanOrEqual(6);
  });

  it('uses 12 distinct class names in all: a tile and a counter class per theme', () => {
    const names = new Set<string>();
    for (let nodeId = 1; nodeId <= 60; nodeId += 1) {
      const { tile, counter } = gameThemeClasses(nodeId);
      names.add(tile);
      names.add(counter);
      expect(tile.slice(-1)).toBe(counter.slice(-1));
    }
    expect(names.size).toBe(12);
  });
});
