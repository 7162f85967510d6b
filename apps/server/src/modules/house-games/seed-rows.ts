import { eq, inArray } from 'drizzle-orm';
import { fairnessSeeds } from '../../db/schema/house-games';
import type { DbOrTx, Tx } from '../../platform/db';
import type { FairnessSeedRow } from './fairness-seeds';

/**
 * Takes the next nonce of a seed row the caller locked (lockSeedPair), in its transaction: the
 * round that uses it commits with the increment or not at all, so a nonce is never used twice.
 */
export async function takeNextNonce(tx: Tx, seed: FairnessSeedRow): Promise<number> {
  const nonce = seed.nextNonce;
  await tx
    .update(fairnessSeeds)
    .set({ nextNonce: nonce + 1 })
    .where(eq(fairnessSeeds.id, seed.id));
  return nonce;
}

/** Seed rows by id (a round's commitment, and its server seed once revealed). */
export async function findSeedsByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, FairnessSeedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(fairnessSeeds)
    .where(inArray(fairnessSeeds.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
