import type { GameCategory } from '@kismat/contracts/constants';
import { THROTTLE_MS } from '@kismat/contracts/constants';

/** Spec section 3: the favourite payload. */
export interface FavouritePayload {
  nodeId: number;
  vendor: string;
  gameType: GameCategory;
}

export type FavouriteToggleResult = 'login-required' | 'throttled' | 'added' | 'removed' | 'rolled-back';

export interface FavouriteToggleDeps {
  isLogin: () => boolean;
  requestLogin: () => void;
  getIds: () => readonly number[];
  setIds: (ids: number[]) => void;
  add: (payload: FavouritePayload) => Promise<unknown>;
  remove: (payload: FavouritePayload) => Promise<unknown>;
  onFailure: (error: unknown, payload: FavouritePayload, wasAdding: boolean) => void;
  onSettled?: (payload: FavouritePayload) => void;
  now?: () => number;
  waitMs?: number;
}

/**
 * The favourite star (spec section 4): login required; throttled (1000 ms, per game); add is
 * optimistic (the id is added before the call), remove removes locally and then calls; a failed
 * call puts that one id back as it was and reports the failure.
 */
export function createFavouriteToggle(deps: FavouriteToggleDeps): (payload: FavouritePayload) => Promise<FavouriteToggleResult> {
  const lastRun = new Map<number, number>();
  const now = deps.now ?? Date.now;
  const waitMs = deps.waitMs ?? THROTTLE_MS.FAVOURITE;
  return async (payload) => {
    if (!deps.isLogin()) {
      deps.requestLogin();
      return 'login-required';
    }
    const time = now();
    const previous = lastRun.get(payload.nodeId);
    if (previous !== undefined && time - previous < waitMs) return 'throttled';
    lastRun.set(payload.nodeId, time);

    const isAdding = !deps.getIds().includes(payload.nodeId);
    deps.setIds(isAdding ? [...deps.getIds(), payload.nodeId] : deps.getIds().filter((id) => id !== payload.nodeId));
    try {
      await (isAdding ? deps.add(payload) : deps.remove(payload));
      return isAdding ? 'added' : 'removed';
    } catch (error) {
      // Only this game's star goes back; other stars toggled meanwhile keep their state.
      const ids = deps.getIds().filter((id) => id !== payload.nodeId);
      deps.setIds(isAdding ? ids : [...ids, payload.nodeId]);
      deps.onFailure(error, payload, isAdding);
      return 'rolled-back';
    } finally {
      deps.onSettled?.(payload);
    }
  };
}
