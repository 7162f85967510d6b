import { randomBytes } from 'node:crypto';
import { commitServerSeed } from '@kismat/game-math/fair/commitment';
import { redEnvelopeSeeds } from '../../db/schema/promotion-campaigns';
import { columnsEqual } from '../../platform/columns-equal';
import type { Tx } from '../../platform/db';

/**
 * Seals and opens server seeds at rest (the house games' seed vault: AES-256-GCM under a key
 * outside the database). The route registry hands it in, so promotions does not import the
 * house-games module that calls promotions for its max-bet rule.
 */
export interface SeedSealer {
  sealServerSeed(serverSeedHex: string, commitment: string): string;
  openServerSeed(sealedSeed: string, commitment: string): string;
}

export type RedEnvelopeSeedRow = typeof redEnvelopeSeeds.$inferSelect;

/**
 * The member's committed seed for their next draw in this promotion, locked for the rest of the
 * transaction (one draw at a time per member: chances and nonces cannot be spent twice), made
 * when missing. A racing creation does nothing (partial unique index); both then lock the winner.
 */
export async function lockCommittedSeed(
  tx: Tx,
  sealer: SeedSealer,
  input: { merchantId: number; memberId: number; promotionId: number; nonce: number; now: Date },
): Promise<RedEnvelopeSeedRow> {
  const select = () =>
    tx
      .select()
      .from(redEnvelopeSeeds)
      .where(columnsEqual(redEnvelopeSeeds, { memberId: input.memberId, promotionId: input.promotionId, status: 'COMMITTED' }))
      .for('update');
  const [found] = await select();
  if (found) return found;
  await commitSeed(tx, sealer, input);
  const [created] = await select();
  if (!created) throw new Error('red envelope seed not committed');
  return created;
}

/** A fresh seed from the OS CSPRNG, stored sealed with its public commitment. */
export async function commitSeed(
  tx: Tx,
  sealer: SeedSealer,
  input: { merchantId: number; memberId: number; promotionId: number; nonce: number; now: Date },
): Promise<void> {
  const seed = new Uint8Array(randomBytes(32));
  const serverSeedHex = Buffer.from(seed).toString('hex');
  const commitment = commitServerSeed(seed);
  await tx
    .insert(redEnvelopeSeeds)
    .values({
      merchantId: input.merchantId,
      memberId: input.memberId,
      promotionId: input.promotionId,
      commitment,
      serverSeedSealed: sealer.sealServerSeed(serverSeedHex, commitment),
      status: 'COMMITTED',
      nonce: input.nonce,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}
