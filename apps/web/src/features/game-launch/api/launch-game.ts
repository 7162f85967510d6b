import type { GameItem, LAUNCH_PATHS, LaunchGameValue } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { api } from '@/lib/api-client';

const LAUNCH_GAME_PATH = '/wps/game/launchGame' satisfies (typeof LAUNCH_PATHS)['launchGame'];

/** real: the play button (the member's money); fun: the free-trial button (play money). */
export type LaunchMode = 'real' | 'fun';

/** A game by its node id, or a vendor's game by code. */
export type LaunchTarget = { nodeId: number; gameType?: GameCategory } | { vassalage: string; gameCode: string; gameType?: GameCategory };

export type { LaunchGameValue };

/** value of a GAME_MAINTENANCE refusal: other games to suggest. */
export interface GameMaintenanceValue {
  suggestions: GameItem[];
  maintenanceEnd: string | null;
}

/**
 * GET /wps/game/launchGame (T): a single-use launch URL. Not a query: every launch spends a
 * token, so it is never cached or retried. Errors (TRIAL_FORBIDDEN, GAME_MAINTENANCE, FREE_PLAY_UNSUPPORTED ...) come
 * back as ApiError; the trial refusal also opens the "true account needed" popup by itself.
 */
export function launchGame(target: LaunchTarget, language: Language, mode: LaunchMode = 'real'): Promise<LaunchGameValue> {
  return api.get<LaunchGameValue>(LAUNCH_GAME_PATH, { query: { ...target, platform: 'html5-desktop', language, mode } });
}
