import { randomBytes } from 'node:crypto';
import type { FairnessState, RevealedSeed } from '@kismat/contracts/house-games';
import { commitServerSeed } from '@kismat/game-math/fair/commitment';
import { and, eq, inArray } from 'drizzle-orm';
import { fairnessSeeds } from '../../db/schema/house-games';
import { type DbOrTx, inTransaction } from '../../platform/db';
import { runRotationGuards } from './rotation-guards';
import { sealServerSeed, serverSeedOf } from './seed-vault';

export type FairnessSeedRow = typeof fairnessSeeds.$inferSelect;
export type FairnessFamily = 'SLOTS';

/** A fresh server seed from the OS CSPRNG and its commitment; the seed never leaves the server until revealed. */
export function createServerSeed(): { serverSeedHex: string; commitment: string } {
  const serverSeed = new Uint8Array(randomBytes(32));
  return { serverSeedHex: Buffer.from(serverSeed).toString('hex'), commitment: commitServerSeed(serverSeed) };
}

/** A fresh server seed as it is stored: sealed (seed-vault.ts), with its public commitment. */
export function createSealedServerSeed(): { serverSeedSealed: string; commitment: string } {
  const { serverSeedHex, commitment } = createServerSeed();
  return { serverSeedSealed: sealServerSeed(serverSeedHex, commitment), commitment };
}

/**
 * The client seed of a first pair when the player has not sent one yet: random, but chosen by
 * the server, which knows the server seed, so it proves nothing. The web replaces it with one
 * from the browser (crypto.getRandomValues) before the first spin (`isClientSeedChosen`), and
 * that never changes the server seed, which was committed first.
 */
export function createDefaultClientSeed(): string {
  return randomBytes(12).toString('hex');
}

/** The member's seeds in play, both locked: ACTIVE (rounds take nonces from it) and NEXT (committed, unused). */
export interface SeedPair {
  active: FairnessSeedRow;
  next: FairnessSeedRow;
}

export function presentFairnessState({ active, next }: SeedPair): FairnessState {
  return {
    family: active.family as FairnessFamily,
    commitment: active.commitment,
    nextCommitment: next.commitment,
    clientSeed: active.clientSeed ?? '',
    isClientSeedChosen: active.isClientSeedChosen,
    nextNonce: active.nextNonce,
  };
}

export function presentRevealedSeed(row: FairnessSeedRow): RevealedSeed {
  if (!row.serverSeedHex) throw new Error('seed not revealed');
  return {
    serverSeed: row.serverSeedHex,
    commitment: row.commitment,
    clientSeed: row.clientSeed ?? '',
    nonceCount: row.nextNonce,
    revealedAt: (row.revealedAt ?? row.createdAt).toISOString(),
  };
}

/**
 * The member's ACTIVE and NEXT seeds of a family, locked for the rest of the transaction (every
 * round takes its nonce from the ACTIVE row, so nonces never repeat), each created when missing
 * (a new member; a pair from before NEXT seeds existed). The partial unique indexes make a
 * racing creation do nothing; the loser then waits for the winner's lock and reads its rows.
 */
export async function lockSeedPair(db: DbOrTx, input: { memberId: number; family: FairnessFamily; now: Date }): Promise<SeedPair> {
  const select = () =>
    db
      .select()
      .from(fairnessSeeds)
      .where(
        and(
          eq(fairnessSeeds.memberId, input.memberId),
          eq(fairnessSeeds.family, input.family),
          inArray(fairnessSeeds.status, ['ACTIVE', 'NEXT']),
        ),
      )
      // One lock order for every spin of the member: two spins locking ACTIVE and NEXT in
      // different orders deadlocked (40P01, seen under load as a 500).
      .orderBy(fairnessSeeds.id)
      .for('update');
  const pairOf = (rows: FairnessSeedRow[]) => ({
    active: rows.find((row) => row.status === 'ACTIVE'),
    next: rows.find((row) => row.status === 'NEXT'),
  });
  let { active, next } = pairOf(await select());
  if (active && next) return { active, next };
  if (!active) {
    await db
      .insert(fairnessSeeds)
      .values({
        memberId: input.memberId,
        family: input.family,
        ...createSealedServerSeed(),
        clientSeed: createDefaultClientSeed(),
        status: 'ACTIVE',
        createdAt: input.now,
        activatedAt: input.now,
      })
      .onConflictDoNothing();
  }
  if (!next) await commitNextSeed(db, { memberId: input.memberId, family: input.family, now: input.now });
  ({ active, next } = pairOf(await select()));
  if (!active || !next) throw new Error('fairness seeds not created');
  return { active, next };
}

/** Commits the seed that the next rotation will activate: its hash is public from now on. */
async function commitNextSeed(db: DbOrTx, input: { memberId: number; family: FairnessFamily; now: Date }): Promise<void> {
  await db
    .insert(fairnessSeeds)
    .values({ memberId: input.memberId, family: input.family, ...createSealedServerSeed(), status: 'NEXT', createdAt: input.now })
    .onConflictDoNothing();
}

/** Shows the current pair and the next commitment, committing them first if the member has none. */
export async function getFairnessState(db: DbOrTx, input: { memberId: number; family: FairnessFamily; now: Date }): Promise<FairnessState> {
  return inTransaction(db, async (tx) => presentFairnessState(await lockSeedPair(tx, input)));
}

/**
 * Sets the client seed of the ACTIVE pair and nothing else: the server seed stays the one
 * committed before the player chose this client seed (issue 11, finding 10: the old call made a
 * new server seed after the player's seed was known, so the operator could have picked it
 * against the player). Nonces continue; each round keeps the client seed it was played with.
 */
export async function setClientSeed(
  db: DbOrTx,
  input: { memberId: number; family: FairnessFamily; now: Date; clientSeed: string },
): Promise<FairnessState> {
  return inTransaction(db, async (tx) => {
    const pair = await lockSeedPair(tx, input);
    const [active] = await tx
      .update(fairnessSeeds)
      .set({ clientSeed: input.clientSeed, isClientSeedChosen: true })
      .where(eq(fairnessSeeds.id, pair.active.id))
      .returning();
    if (!active) throw new Error('client seed not set');
    return presentFairnessState({ active, next: pair.next });
  });
}

/**
 * Reveals the ACTIVE server seed, activates the NEXT one (committed earlier, its hash shown
 * before this call) with the given client seed (the web sends a fresh random one) or the current
 * one, and commits a new NEXT. The row locks serialise this with spins, so no round can use a
 * seed after it is revealed.
 */
export async function rotateSeed(
  db: DbOrTx,
  input: { memberId: number; family: FairnessFamily; now: Date; clientSeed?: string | undefined },
): Promise<{ revealed: RevealedSeed; current: FairnessState }> {
  return inTransaction(db, async (tx) => {
    const { active, next } = await lockSeedPair(tx, input);
    // Refused while a round played on this seed is still open (modules/originals: mines).
    await runRotationGuards(tx, input);
    const [revealed] = await tx
      .update(fairnessSeeds)
      .set({ status: 'REVEALED', serverSeedHex: serverSeedOf(active), serverSeedSealed: null, revealedAt: input.now })
      .where(eq(fairnessSeeds.id, active.id))
      .returning();
    if (!revealed) throw new Error('seed rotation failed');
    await tx
      .update(fairnessSeeds)
      .set({
        status: 'ACTIVE',
        clientSeed: input.clientSeed ?? active.clientSeed,
        isClientSeedChosen: input.clientSeed !== undefined || active.isClientSeedChosen,
        activatedAt: input.now,
      })
      .where(eq(fairnessSeeds.id, next.id));
    await commitNextSeed(tx, input);
    const current = await lockSeedPair(tx, input);
    return { revealed: presentRevealedSeed(revealed), current: presentFairnessState(current) };
  });
}
