import type { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { api } from '@/lib/api-client';
import type { PlayValue } from '../utils/originals-types';

const DEAL_PATH = '/bgs/api/originals/dragon-tiger/deal' satisfies (typeof ORIGINALS_PATHS)['dragonTigerDeal'];

/** One Dragon Tiger deal with the slip's bets (T). The key makes a network retry replay the deal, never bet twice. */
export function dealDragonTiger(input: { stakes: Record<string, string>; idempotencyKey: string }): Promise<PlayValue> {
  return api.post<PlayValue>(DEAL_PATH, input);
}
