import { describe, expect, it } from 'vitest';
import { MemberReplyCache } from './member-read-caches';
import type { PreparedReply } from './prepared-reply';

const page = (value: string): PreparedReply<string> => ({ value, body: Buffer.from(value), etag: `"${value}"` });

describe('MemberReplyCache', () => {
  it("keeps a member's pages, forgets only that member's, and never serves a load that raced a forget", async () => {
    const cache = new MemberReplyCache<string>(60_000);
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return page(value);
    };
    expect((await cache.get(1, 'fav', load('a1'))).value).toBe('a1');
    expect((await cache.get(1, 'fav', load('a2'))).value).toBe('a1');
    expect((await cache.get(2, 'fav', load('b1'))).value).toBe('b1');
    expect(loads).toBe(2);

    cache.forget(1);
    expect((await cache.get(1, 'fav', load('a3'))).value).toBe('a3');
    expect((await cache.get(2, 'fav', load('b2'))).value).toBe('b1');

    // A load that started before a forget finishes for its caller but is not served afterwards.
    let release: (value: PreparedReply<string>) => void = () => {};
    const slow = cache.get(1, 'recent', () => new Promise((resolve) => (release = resolve)));
    cache.forget(1);
    release(page('stale'));
    expect((await slow).value).toBe('stale');
    expect((await cache.get(1, 'recent', load('fresh'))).value).toBe('fresh');

    cache.clear();
    expect((await cache.get(2, 'fav', load('b3'))).value).toBe('b3');
  });

  it('restarts generations only together with the pages', async () => {
    const cache = new MemberReplyCache<string>(60_000, 100, Number.POSITIVE_INFINITY, 2);
    await cache.get(3, 'fav', async () => page('old'));
    cache.forget(1);
    cache.forget(2);
    // The generations are full: the next forget empties pages and generations together.
    cache.forget(4);
    expect((await cache.get(3, 'fav', async () => page('new'))).value).toBe('new');
  });
});
