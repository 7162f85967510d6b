import { describe, expect, it, vi } from 'vitest';
import { createFavouriteToggle, type FavouritePayload, type FavouriteToggleDeps } from './favourite-toggle';

const game: FavouritePayload = { nodeId: 7, vendor: 'PG', gameType: 'RNG' };

function setup(overrides: Partial<FavouriteToggleDeps> = {}) {
  let ids: number[] = [1];
  let time = 10_000;
  const history: number[][] = [];
  const deps: FavouriteToggleDeps = {
    isLogin: () => true,
    requestLogin: vi.fn(),
    getIds: () => ids,
    setIds: (next) => {
      ids = next;
      history.push(next);
    },
    add: vi.fn(async () => ({})),
    remove: vi.fn(async () => ({})),
    onFailure: vi.fn(),
    now: () => time,
    ...overrides,
  };
  return {
    deps,
    toggle: createFavouriteToggle(deps),
    ids: () => ids,
    setIds: (next: number[]) => {
      ids = next;
    },
    history,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('favourite toggle', () => {
  it('asks an anonymous visitor to log in and calls nothing', async () => {
    const { deps, toggle, ids } = setup({ isLogin: () => false });
    expect(await toggle(game)).toBe('login-required');
    expect(deps.requestLogin).toHaveBeenCalledOnce();
    expect(deps.add).not.toHaveBeenCalled();
    expect(ids()).toEqual([1]);
  });

  it('adds the id before the call returns (optimistic add)', async () => {
    let release: () => void = () => {};
    const { toggle, ids } = setup({ add: vi.fn(() => new Promise<void>((resolve) => (release = resolve))) });
    const pending = toggle(game);
    expect(ids()).toEqual([1, 7]);
    release();
    expect(await pending).toBe('added');
    expect(ids()).toEqual([1, 7]);
  });

  it('removes locally, then calls remove', async () => {
    const { deps, toggle, ids, setIds } = setup();
    setIds([1, 7]);
    const pending = toggle(game);
    expect(ids()).toEqual([1]);
    expect(await pending).toBe('removed');
    expect(deps.remove).toHaveBeenCalledWith(game);
  });

  it('rolls a failed add back and reports it', async () => {
    const failure = new Error('down');
    const { deps, toggle, ids, history } = setup({ add: vi.fn(async () => Promise.reject(failure)) });
    expect(await toggle(game)).toBe('rolled-back');
    expect(history).toEqual([[1, 7], [1]]);
    expect(ids()).toEqual([1]);
    expect(deps.onFailure).toHaveBeenCalledWith(failure, game, true);
  });

  it('rolls a failed remove back', async () => {
    const { deps, toggle, ids, setIds } = setup({ remove: vi.fn(async () => Promise.reject(new Error('down'))) });
    setIds([1, 7]);
    expect(await toggle(game)).toBe('rolled-back');
    expect(ids()).toEqual([1, 7]);
    expect(deps.onFailure).toHaveBeenCalledWith(expect.any(Error), game, false);
  });

  it('rollback touches only that game: a star set meanwhile stays', async () => {
    let fail: (error: Error) => void = () => {};
    const { toggle, ids, setIds } = setup({ add: vi.fn(() => new Promise<void>((_, reject) => (fail = reject))) });
    const pending = toggle(game);
    setIds([...ids(), 9]);
    fail(new Error('down'));
    await pending;
    expect(ids()).toEqual([1, 9]);
  });

  it('throttles the same game for 1000 ms, not other games', async () => {
    const { deps, toggle, advance } = setup();
    expect(await toggle(game)).toBe('added');
    advance(999);
    expect(await toggle(game)).toBe('throttled');
    expect(await toggle({ ...game, nodeId: 8 })).toBe('added');
    advance(1);
    expect(await toggle(game)).toBe('removed');
    expect(deps.add).toHaveBeenCalledTimes(2);
    expect(deps.remove).toHaveBeenCalledTimes(1);
  });
});
