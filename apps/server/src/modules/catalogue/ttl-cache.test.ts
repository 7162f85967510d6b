import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchesEtag } from './prepared-reply';
import { TtlCache } from './ttl-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('concurrent misses of one key share one load; a hit loads nothing', async () => {
    const cache = new TtlCache<string, number>(1000);
    const pending = deferred<number>();
    const load = vi.fn(() => pending.promise);
    const answers = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
    pending.resolve(7);
    expect(await Promise.all(answers)).toEqual([7, 7, 7]);
    expect(await cache.get('k', load)).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again once the entry has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T00:00:00Z'));
    const cache = new TtlCache<string, number>(1000);
    let calls = 0;
    const load = async () => {
      calls += 1;
      return calls;
    };
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(new Date('2026-11-22T00:00:00.999Z'));
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(new Date('2026-11-22T00:00:01.001Z'));
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a failed load: the next call tries again', async () => {
    const cache = new TtlCache<string, string>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'fine')).toBe('fine');
  });

  it('a load that finishes after clear() answers its caller but is not kept', async () => {
    const cache = new TtlCache<string, string>(1000);
    const pending = deferred<string>();
    const stale = cache.get('k', () => pending.promise);
    cache.clear();
    pending.resolve('before the change');
    expect(await stale).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('is emptied when the weight or the count bound is passed', async () => {
    const byWeight = new TtlCache<string, string>(1000, 100, (value) => value.length, 10);
    await byWeight.get('a', async () => '123456');
    expect(await byWeight.get('a', async () => 'reloaded')).toBe('123456');
    await byWeight.get('b', async () => '123456');
    expect(await byWeight.get('a', async () => 'reloaded')).toBe('reloaded');

    const byCount = new TtlCache<number, number>(1000, 2);
    await byCount.get(1, async () => 1);
    await byCount.get(2, async () => 2);
    await byCount.get(3, async () => 3);
    expect(await byCount.get(1, async () => -1)).toBe(-1);
  });
});

describe('matchesEtag', () => {
  it('matches the tag itself, its weak form, a list that names it and *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});
