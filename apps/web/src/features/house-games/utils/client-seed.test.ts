import { describe, expect, it } from 'vitest';
import { createClientSeed } from './client-seed';

describe('client seed from the browser', () => {
  it('is 32 hex digits from the browser CSPRNG, new every time', () => {
    const seeds = new Set(Array.from({ length: 50 }, createClientSeed));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/);
  });
});
