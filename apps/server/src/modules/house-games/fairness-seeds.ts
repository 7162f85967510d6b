import { randomBytes } from 'node:crypto';
import type { FairnessState, RevealedSeed } from '@kismat/contracts/house-games';
import { commitServerSeed } from '@kismat/game-math/fair/commitment';
import { and, eq } from 'drizzle-orm';
import { fairnessSeeds } from '../../db/schema/house-games';
import type { LedgerDb } from '../wallet/ledger-sql';
import { inTransaction } from '../wallet/ledger-sql';

export type FairnessSeedRow = typeof fairnessSeeds.$inferSelect;
export type FairnessFamily = 'SLOTS';

/** A fresh server seed from the OS CSPRNG and its commitment; the seed never leaves the server until revealed. */
export function createServerSeed(): { serverSeedHex: string; commitment: string } {
  const serverSeed = new Uint8Array(randomBytes(32));
  return { serverSeedHex: Buffer.from(serverSeed).toString('hex'), commitment: commitServerSeed(serverSeed) };
}

/** The player's default client seed: random, so the operator cannot predict it when committing. */
export function createDefaultClientSeed(): string {
  return randomBytes(12).toString('hex');
}

export function presentFairnessState(row: FairnessSeedRow): FairnessState {
  return { family: row.family as FairnessFamily, commitment: row.commitment, clientSeed: row.clientSeed, nextNonce: row.nextNonce };
}

export function presentRevealedSeed(row: FairnessSeedRow): RevealedSeed {
  return {
    serverSeed: row.serverSeedHex,
    commitment: row.commitment,
    clientSeed: row.clientSeed,
    nonceCount: row.nextNonce,
    revealedAt: (row.revealedAt ?? row.createdAt).toISOString(),
  };
}

/**
 * The member's ACTIVE seed pair of a family, locked for the rest of the transaction (every
 * round takes its nonce from this row, so nonces never repeat), created when missing. The
 * partial unique index makes a racing creation fail; the loser reads the winner's row.
 */
export async function lockActiveSeed(
  db: LedgerDb,
  input: { memberId: number; family: FairnessFamily; now: Date; clientSeed?: string },
): Promise<FairnessSeedRow> {
  const select = () =>
    db
      .select()
      .from(fairnessSeeds)
      .where(and(eq(fairnessSeeds.memberId, input.memberId), eq(fairnessSeeds.family, input.family), eq(fairnessSeeds.status, 'ACTIVE')))
      .for('update');
  const [existing] = await select();
  if (existing) return existing;
  await db
    .insert(fairnessSeeds)
    .values({
      memberId: input.memberId,
      family: input.family,
      ...createServerSeed(),
      clientSeed: input.clientSeed ?? createDefaultClientSeed(),
      createdAt: input.now,
    })
    .onConflictDoNothing();
  const [created] = await select();
  if (!created) throw new Error('fairness seed not created');
  return created;
}

/** Shows the current pair, committing one first if the member has none. */
export async function getFairnessState(
  db: LedgerDb,
  input: { memberId: number; family: FairnessFamily; now: Date },
): Promise<FairnessState> {
  return inTransaction(db, async (tx) => presentFairnessState(await lockActiveSeed(tx, input)));
}

/**
 * Reveals the active server seed and commits a new one (with the given client seed, or a new
 * random one). The row lock serialises this with spins, so no round can use a seed after it
 * is revealed.
 */
export async function rotateSeed(
  db: LedgerDb,
  input: { memberId: number; family: FairnessFamily; now: Date; clientSeed?: string },
): Promise<{ revealed: RevealedSeed; current: FairnessState }> {
  return inTransaction(db, async (tx) => {
    const active = await lockActiveSeed(tx, { memberId: input.memberId, family: input.family, now: input.now });
    const [revealed] = await tx
      .update(fairnessSeeds)
      .set({ status: 'REVEALED', revealedAt: input.now })
      .where(eq(fairnessSeeds.id, active.id))
      .returning();
    if (!revealed) throw new Error('seed rotation failed');
    const current = await lockActiveSeed(tx, {
      memberId: input.memberId,
      family: input.family,
      now: input.now,
      clientSeed: input.clientSeed ?? createDefaultClientSeed(),
    });
    return { revealed: presentRevealedSeed(revealed), current: presentFairnessState(current) };
  });
}
