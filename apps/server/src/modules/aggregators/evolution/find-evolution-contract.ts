import { aggregatorIntegrations } from '../../../db/schema/aggregators';
import { columnsEqual } from '../../../platform/columns-equal';
import type { Db } from '../../../platform/db';
import type { AggregatorContract } from '../../vendor-wallet/index';
import { evolutionAuthToken } from './secrets';

/** An Evolution contract as the wallet calls need it: the core's contract and the authToken's env var name. */
export interface EvolutionContract {
  contract: AggregatorContract;
  /** Our currency -> Evolution's currency code. */
  currencyMap: Record<string, string>;
  secretEnv: string;
}

const CACHE_MS = 5_000;

/**
 * The contracts Evolution calls under, by merchant and contract code, cached for 5 s (a disabled
 * contract or a changed currency map applies within that). Only protocol 'evolution' rows: a Hub88
 * contract's code under the Evolution prefix is unknown here.
 */
export class EvolutionContracts {
  private readonly cache = new Map<string, { at: number; value: EvolutionContract | null }>();

  constructor(private readonly db: Db) {}

  async find(merchantId: number, code: string, now: number): Promise<EvolutionContract | null> {
    const key = `${merchantId}:${code}`;
    const hit = this.cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    const [row] = await this.db
      .select()
      .from(aggregatorIntegrations)
      .where(columnsEqual(aggregatorIntegrations, { merchantId, code, protocol: 'evolution' }))
      .limit(1);
    const value: EvolutionContract | null = row
      ? {
          contract: { id: row.id, merchantId: row.merchantId, code: row.code, protocol: row.protocol, isEnabled: row.isEnabled },
          currencyMap: row.currencyMap,
          secretEnv: row.secretEnv,
        }
      : null;
    if (this.cache.size > 1_000) this.cache.clear();
    this.cache.set(key, { at: now, value });
    return value;
  }

  /** The contract's authToken now (read from the environment on every call: a rotated token applies at once). */
  authTokenOf(found: EvolutionContract): string | null {
    return evolutionAuthToken(found);
  }

  clear(): void {
    this.cache.clear();
  }
}

/** Evolution's currency code for ours (the contract's map, identity when unmapped). */
export function evolutionCurrencyOf(found: EvolutionContract, ours: string): string {
  return found.currencyMap[ours] ?? ours;
}

/** Our currency for Evolution's code: the map read backwards, identity when unmapped. */
export function ourCurrencyOf(found: EvolutionContract, theirs: string): string {
  for (const [ours, mapped] of Object.entries(found.currencyMap)) if (mapped === theirs) return ours;
  return theirs;
}
