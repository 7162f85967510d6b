import { DEFAULT_LANGUAGE } from '@kismat/contracts/languages';
import { findSlotTitle } from '@kismat/game-math/slots/slot-titles';
import type { SlotTitle } from '@kismat/game-math/slots/slot-types';
import { validateSlotBet } from '@kismat/game-math/slots/spin';
import { and, eq } from 'drizzle-orm';
import { fairnessSeeds, slotRounds } from '../../db/schema/house-games';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { leanTransaction } from '../../platform/lean-transaction';
import { isStaleAssumption } from '../../platform/stale-assumption';
import { refuseAbovePromotionMaxBet } from '../promotions/index';
import { chargeLockedState } from '../responsible-gambling/index';
import { AccountShapeCache, foldKeyedPosting, lockedLegsOf } from '../wallet/index';
import { getFairnessState } from './fairness-seeds';
import { presentSlotRound } from './present-slot-round';
import { findHouseGame, type HouseGame } from './record-house-game-rounds';
import { serverSeedOf } from './seed-vault';
import { type KnownSpinState, KnownSpins, spinInOneStatement } from './spin-slot-fast';
import { planSpin, type SpinSlotInput, type SpinSlotResult, spinAnswer } from './spin-slot-plan';
import { lockSpin, type SpinLocks, type SpinSeed, writeSpin } from './spin-slot-statements';

export type { SpinSlotInput, SpinSlotResult } from './spin-slot-plan';

/** The ledger accounts' fixed attributes, per database (AccountShapeCache): the posting reads none of them again. */
const accountShapes = new WeakMap<object, AccountShapeCache>();

/**
 * One paid spin in ONE transaction of two statements (spin-slot-statements.ts): lock the seed
 * pair, the member's account row and rg_state, and read the round under the key, the promotion
 * max bet and the new round's id; compute the outcome from the ACTIVE seed's nonce (game-math
 * spin, the whole free-spin feature from the same nonce, so free spins are never debited); then
 * write the bet and payout (one keyed posting of the wallet, against the hot house account's
 * shards), the nonce, the round row, its settled game round and fact, and the
 * responsible-gambling counters. A crash at any point before COMMIT leaves nothing (no debit, no
 * round, no nonce used) and after COMMIT leaves everything, so an interrupted spin is "voided"
 * or "completed" exactly once by the database itself; there is no pending state to recover on
 * restart. A retry with the same key replays.
 *
 * A member this process saw spin last (and who has no rg_state row) spins in ONE autocommit
 * statement instead (spin-slot-fast.ts): the outcome from the remembered seed state, written only
 * if the statement finds under its locks what was assumed; otherwise nothing is written and the
 * spin runs as above.
 */
export async function spinSlot(db: Db, input: SpinSlotInput): Promise<SpinSlotResult> {
  const title = findSlotTitle(input.titleId);
  if (!title) throw new AppError('GAME_UNAVAILABLE');
  if (!validateSlotBet(title, { totalBetMinor: input.totalBetMinor }).ok) throw new AppError('SLOT_BET_INVALID');
  // The catalogue game its settled round is written under (agent figures, betting records).
  const game = await findHouseGame(db, title.id);
  let shapes = accountShapes.get(db);
  if (!shapes) {
    shapes = new AccountShapeCache();
    accountShapes.set(db, shapes);
  }
  const cache = shapes;
  const known = knownSpinsOf(db);
  const state = known.get(input.memberId);
  if (state && state.merchantId === input.merchantId && state.memberAccountId === input.accounts.memberAccountId) {
    try {
      const { result, next } = await spinInOneStatement(db, input, title, game, cache, state);
      known.set(input.memberId, next);
      return result;
    } catch (error) {
      // An assumption did not hold (spin-slot-fast.ts): nothing was written; the usual way answers.
      known.forget(input.memberId);
      if (!isStaleAssumption(error) && uniqueViolationConstraint(error) === null) throw error;
    }
  }
  // At most three runs: a first spin commits the member's seed pair in its own transaction and
  // runs again; a retry that raced its original runs again to answer it as a replay.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { result, next } = await leanTransaction(db, (tx) => spinInTransaction(tx, input, title, game, cache));
      if (next) known.set(input.memberId, next);
      else known.forget(input.memberId);
      return result;
    } catch (error) {
      if (attempt >= 3) throw error;
      if (error instanceof SeedPairMissing) {
        // Never created under the locks this spin already holds: taking the seed rows after the
        // account row would invert the spin's lock order (seed pair, then account) and deadlock.
        await getFairnessState(db, { memberId: input.memberId, family: 'SLOTS', now: input.now });
        continue;
      }
      // A retry that waited on the seed lock while its original committed read the key with the
      // lock statement's older snapshot; the key's unique index refused its round. Once more:
      // the new statement sees the original and answers it as a replay.
      if (uniqueViolationConstraint(error) === 'slot_rounds_member_key') continue;
      throw error;
    }
  }
}

/** The member has no complete SLOTS seed pair yet (a first spin): nothing was written. */
class SeedPairMissing extends Error {}

async function spinInTransaction(
  tx: Tx,
  input: SpinSlotInput,
  title: SlotTitle,
  game: HouseGame,
  cache: AccountShapeCache,
): Promise<{ result: SpinSlotResult; next: KnownSpinState | null }> {
  const { accounts } = input;
  const { session, ...rest } = input;
  const locked = await lockSpin(tx, {
    ...rest,
    memberAccountId: accounts.memberAccountId,
    isTrial: accounts.isTrial,
    ...(session ? { session: session.sql } : {}),
  });
  // The caller's session first, as when it was read before the spin: a refusal answers nothing else.
  session?.confirm(locked.session);
  if (locked.previousRoundId !== null) return { result: await replay(tx, input, locked), next: null };
  if (!accounts.isTrial)
    refuseAbovePromotionMaxBet(locked.maxBet, { amount: input.totalBetMinor, language: input.language ?? DEFAULT_LANGUAGE });
  const active = activeSeed(locked.seeds);
  const seed = {
    id: active.id,
    nonce: active.nextNonce,
    clientSeed: active.clientSeed,
    commitment: active.commitment,
    serverSeedHex: serverSeedOf(active),
  };
  const plan = planSpin(input, title, game, seed, locked.roundId);
  const locks = lockedLegsOf(tx, locked.cash);
  // The ledger's guard on the locked row, before anything is written: the bet postTransfer refused.
  if (!locks.tryMove(accounts.memberAccountId, -input.totalBetMinor)) {
    throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: accounts.memberAccountId } });
  }
  // Limits and exclusion (issue 17) on the rg_state row locked after the ledger row: a refusal
  // rolls the whole spin back; otherwise its counters are written with the round.
  const rgCounting = await chargeLockedState(tx, locked.rg, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    isTrial: accounts.isTrial,
    stakeMinor: input.totalBetMinor,
    winMinor: plan.result.totalPayoutMinor,
    now: input.now,
    ...(input.language ? { language: input.language } : {}),
    ...(input.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: input.utcOffsetMinutes }),
  });
  const posting = await foldKeyedPosting(
    tx,
    { merchantId: input.merchantId, counterAccountId: accounts.houseAccountId, legs: plan.legs },
    input.now,
    { locks, accountCache: cache },
  );
  const written = await writeSpin(tx, { posting, round: plan.round, gameRound: plan.gameRound, rgCounting });
  const result = spinAnswer(plan, posting.results(written.ledger), seed);
  // The next spin may take one statement (spin-slot-fast.ts) unless responsible gambling has a row to charge.
  const next =
    locked.rg === null
      ? {
          merchantId: input.merchantId,
          memberAccountId: accounts.memberAccountId,
          seed: { ...seed, nonce: seed.nonce + 1 },
          nextRoundId: written.nextRoundId,
        }
      : null;
  return { result, next };
}

/** The ACTIVE seed of the pair the lock statement locked; none yet (or no NEXT) ends this run (SeedPairMissing). */
function activeSeed(seeds: SpinSeed[]): SpinSeed {
  const active = seeds.find((seed) => seed.status === 'ACTIVE');
  if (!active || !seeds.some((seed) => seed.status === 'NEXT')) throw new SeedPairMissing('no seed pair yet');
  return active;
}

/** Each database's remembered spin states (spin-slot-fast.ts). */
const knownSpins = new WeakMap<object, KnownSpins>();

function knownSpinsOf(db: Db): KnownSpins {
  let known = knownSpins.get(db);
  if (!known) {
    known = new KnownSpins();
    knownSpins.set(db, known);
  }
  return known;
}

/** The round played under this key, answered again with the member's balance now; other content under the key is a conflict. */
async function replay(tx: Tx, input: SpinSlotInput, locked: SpinLocks): Promise<SpinSlotResult> {
  const [previous] = await tx
    .select({ round: slotRounds, commitment: fairnessSeeds.commitment, clientSeed: fairnessSeeds.clientSeed })
    .from(slotRounds)
    .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, slotRounds.seedId))
    .where(and(eq(slotRounds.memberId, input.memberId), eq(slotRounds.idempotencyKey, input.idempotencyKey)));
  if (!previous) throw new Error('slot round under the key not found');
  if (previous.round.titleId !== input.titleId || previous.round.totalBetMinor !== input.totalBetMinor) {
    throw new AppError('IDEMPOTENCY_CONFLICT');
  }
  const cash = locked.cash[0];
  return {
    round: presentSlotRound(previous.round, previous),
    balanceMinor: cash ? BigInt(String(cash.balance)) : 0n,
    isReplay: true,
  };
}
