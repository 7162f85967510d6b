import type { SlotRound } from '@kismat/contracts/house-games';
import { DEFAULT_LANGUAGE, type Language } from '@kismat/contracts/languages';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { findSlotTitle } from '@kismat/game-math/slots/slot-titles';
import type { SlotTitle } from '@kismat/game-math/slots/slot-types';
import { spin, validateSlotBet } from '@kismat/game-math/slots/spin';
import { and, eq } from 'drizzle-orm';
import { fairnessSeeds, slotRounds } from '../../db/schema/house-games';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import type { Db, Tx } from '../../platform/db';
import type { SessionCheck } from '../../platform/deferred-session';
import { AppError } from '../../platform/errors';
import { leanTransaction } from '../../platform/lean-transaction';
import { refuseAbovePromotionMaxBet } from '../promotions/index';
import { chargeLockedState } from '../responsible-gambling/index';
import { AccountShapeCache, foldKeyedPosting, lockedLegsOf } from '../wallet/index';
import { getFairnessState } from './fairness-seeds';
import { presentSlotRound, storeSpinOutcome } from './present-slot-round';
import { findHouseGame, type HouseGame, slotGameRoundParts } from './record-house-game-rounds';
import type { PlayAccounts } from './resolve-play-accounts';
import { serverSeedOf } from './seed-vault';
import { lockSpin, type SpinLocks, type SpinSeed, writeSpin } from './spin-slot-statements';

export interface SpinSlotInput {
  merchantId: number;
  memberId: number;
  accounts: PlayAccounts;
  titleId: string;
  totalBetMinor: bigint;
  idempotencyKey: string;
  now: Date;
  /** The responsible-gambling refusal's and the max-bet refusal's language, and site time. */
  language?: Language;
  utcOffsetMinutes?: number;
  /**
   * The route's session read, folded into the lock statement (platform/deferred-session.ts):
   * checked on the statement's answer before anything else; a refusal rolls the spin back.
   */
  session?: SessionCheck;
}

export interface SpinSlotResult {
  round: SlotRound;
  balanceMinor: bigint;
  isReplay: boolean;
}

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
  // At most three runs: a first spin commits the member's seed pair in its own transaction and
  // runs again; a retry that raced its original runs again to answer it as a replay.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await leanTransaction(db, (tx) => spinInTransaction(tx, input, title, game, cache));
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

async function spinInTransaction(tx: Tx, input: SpinSlotInput, title: SlotTitle, game: HouseGame, cache: AccountShapeCache) {
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
  if (locked.previousRoundId !== null) return replay(tx, input, locked);
  if (!accounts.isTrial)
    refuseAbovePromotionMaxBet(locked.maxBet, { amount: input.totalBetMinor, language: input.language ?? DEFAULT_LANGUAGE });
  const seed = activeSeed(locked.seeds);

  const nonce = seed.nextNonce;
  const clientSeed = seed.clientSeed ?? '';
  const result = spin(title, seedInputsFromHex(serverSeedOf(seed), clientSeed, nonce), { totalBetMinor: input.totalBetMinor });
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
    winMinor: result.totalPayoutMinor,
    now: input.now,
    ...(input.language ? { language: input.language } : {}),
    ...(input.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: input.utcOffsetMinutes }),
  });

  const roundId = locked.roundId;
  const reference = { kind: 'slot_round', id: String(roundId) };
  const metadata = { title: title.id, nonce };
  const betKey = `slot:${roundId}:bet`;
  const payoutKey = result.totalPayoutMinor > 0n ? `slot:${roundId}:payout` : null;
  const legs = [
    {
      accountId: accounts.memberAccountId,
      amount: -input.totalBetMinor,
      idempotencyKey: betKey,
      type: 'bet' as const,
      reference,
      metadata,
    },
    ...(payoutKey === null
      ? []
      : [
          {
            accountId: accounts.memberAccountId,
            amount: result.totalPayoutMinor,
            idempotencyKey: payoutKey,
            type: 'payout' as const,
            reference,
            metadata,
          },
        ]),
  ];
  const posting = await foldKeyedPosting(tx, { merchantId: input.merchantId, counterAccountId: accounts.houseAccountId, legs }, input.now, {
    locks,
    accountCache: cache,
  });
  const round = {
    id: roundId,
    merchantId: input.merchantId,
    memberId: input.memberId,
    titleId: title.id,
    idempotencyKey: input.idempotencyKey,
    seedId: seed.id,
    nonce,
    clientSeed,
    totalBetMinor: input.totalBetMinor,
    totalPayoutMinor: result.totalPayoutMinor,
    isCapped: result.isCapped,
    isTrial: accounts.isTrial,
    currency: accounts.currency,
    freeSpinCount: result.freeSpins.length,
    outcome: storeSpinOutcome(result),
    playedAt: input.now,
  };
  // The same spin as a settled game round (valid bet, agent figures, records) and its fact.
  const gameRound = slotGameRoundParts(game, round);
  const answer = await writeSpin(tx, { posting, round: { ...round, betKey, payoutKey }, gameRound, rgCounting });
  const posted = posting.results(answer);
  const row = {
    ...round,
    betTransferId: posted[0]!.transferId,
    payoutTransferId: payoutKey === null ? null : posted[1]!.transferId,
  };
  return { round: presentSlotRound(row, seed), balanceMinor: posted.at(-1)!.balanceAfter!, isReplay: false };
}

/** The ACTIVE seed of the pair the lock statement locked; none yet (or no NEXT) ends this run (SeedPairMissing). */
function activeSeed(seeds: SpinSeed[]): SpinSeed {
  const active = seeds.find((seed) => seed.status === 'ACTIVE');
  if (!active || !seeds.some((seed) => seed.status === 'NEXT')) throw new SeedPairMissing('no seed pair yet');
  return active;
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
