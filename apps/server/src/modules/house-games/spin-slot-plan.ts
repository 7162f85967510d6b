import type { SlotRound } from '@kismat/contracts/house-games';
import type { Language } from '@kismat/contracts/languages';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import type { SlotTitle } from '@kismat/game-math/slots/slot-types';
import { type SpinResult, spin } from '@kismat/game-math/slots/spin';
import type { SQL } from 'drizzle-orm';
import type { SessionCheck } from '../../platform/deferred-session';
import type { KeyedBulkLeg } from '../wallet/index';
import { presentSlotRound, storeSpinOutcome } from './present-slot-round';
import { type HouseGame, slotGameRoundParts } from './record-house-game-rounds';
import type { PlayAccounts } from './resolve-play-accounts';
import type { SpinRoundValues } from './spin-slot-statements';

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
   * The route's session read, folded into the spin's first statement (platform/deferred-session.ts):
   * checked on the statement's answer before anything else; a refusal rolls the spin back.
   */
  session?: SessionCheck;
}

export interface SpinSlotResult {
  round: SlotRound;
  balanceMinor: bigint;
  isReplay: boolean;
}

/** The seed a spin plays: the ACTIVE row of the member's SLOTS pair, its server seed opened. */
export interface PlayedSeed {
  id: number;
  nonce: number;
  /** As stored (null: none set); the round records '' then. */
  clientSeed: string | null;
  commitment: string;
  serverSeedHex: string;
}

/** What a spin writes, decided before any statement writes it: the outcome, the ledger legs, the round, its game round. */
export interface SpinPlan {
  result: SpinResult;
  legs: KeyedBulkLeg[];
  round: SpinRoundValues;
  gameRound: SQL;
}

/**
 * The outcome of the spin at `seed`'s nonce (game-math spin, the whole free-spin feature from the
 * same nonce, so free spins are never debited) as round `roundId`: the bet and payout legs
 * (keys `slot:<round>:bet|payout`), the round row and its settled game round.
 */
export function planSpin(input: SpinSlotInput, title: SlotTitle, game: HouseGame, seed: PlayedSeed, roundId: number): SpinPlan {
  const { accounts } = input;
  const nonce = seed.nonce;
  const clientSeed = seed.clientSeed ?? '';
  const result = spin(title, seedInputsFromHex(seed.serverSeedHex, clientSeed, nonce), { totalBetMinor: input.totalBetMinor });
  const reference = { kind: 'slot_round', id: String(roundId) };
  const metadata = { title: title.id, nonce };
  const betKey = `slot:${roundId}:bet`;
  const payoutKey = result.totalPayoutMinor > 0n ? `slot:${roundId}:payout` : null;
  const legs: KeyedBulkLeg[] = [
    { accountId: accounts.memberAccountId, amount: -input.totalBetMinor, idempotencyKey: betKey, type: 'bet', reference, metadata },
  ];
  if (payoutKey !== null) {
    legs.push({
      accountId: accounts.memberAccountId,
      amount: result.totalPayoutMinor,
      idempotencyKey: payoutKey,
      type: 'payout',
      reference,
      metadata,
    });
  }
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
    betKey,
    payoutKey,
  };
  // The same spin as a settled game round (valid bet, agent figures, records) and its fact.
  return { result, legs, round, gameRound: slotGameRoundParts(game, round) };
}

/** The spin's answer once its statement wrote the plan: the ledger's transfer ids and the member's balance after. */
export function spinAnswer(
  plan: SpinPlan,
  posted: { transferId: number; balanceAfter?: bigint | null }[],
  seed: { commitment: string; clientSeed: string | null },
): SpinSlotResult {
  const { betKey: _bet, payoutKey, ...round } = plan.round;
  const row = {
    ...round,
    betTransferId: posted[0]!.transferId,
    payoutTransferId: payoutKey === null ? null : posted[1]!.transferId,
  };
  return { round: presentSlotRound(row, seed), balanceMinor: posted.at(-1)!.balanceAfter!, isReplay: false };
}
