import { createFairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import { type ReturnLine, type SettledBet, settleStakes } from './cards';
import { MULTIPLIER_SCALE } from './house-edge';
import { ANTE_BONUS, dealerCountsByHand, dealTeenPatti, handOf, handStrength, type TeenPattiDeal, type TeenPattiHand } from './teen-patti';

/**
 * The two-step Teen Patti round the server deals (casino form, player against the dealer):
 *
 * 1. The player places the ANTE (and optionally PAIR_PLUS); both are debited, the six cards are
 *    fixed by (server seed, client seed, nonce) (`dealTeenPatti`), the player sees their three.
 * 2. The player PLAYs (a second stake equal to the ante, the PLAY bet) or FOLDs (the ante is
 *    lost). Pair Plus settles on the player's hand either way.
 *
 * Settlement (multipliers in 1/10,000, stake included; b = the ante bonus of the player's hand,
 * `ANTE_BONUS`: sequence 1, trail 4, pure sequence 5, else 0; paid on a played hand only):
 *
 * | Played, dealer ...             | ANTE    | PLAY |
 * | ------------------------------ | ------- | ---- |
 * | below Queen-high (unqualified) | 2 + b   | 1    |
 * | qualifies, player higher       | 2 + b   | 2    |
 * | qualifies, equal hands         | 1 + b   | 1    |
 * | qualifies, dealer higher       | b       | 0    |
 * Folded: ANTE 0, no PLAY bet.
 *
 * Pair Plus pays on the player's three cards whatever the dealer holds or the player decides:
 * pair 1:1, colour 4:1, sequence 6:1, trail 30:1, pure sequence 40:1 (the usual three-card
 * table; 97.6833%, `pairPlusDistribution`).
 */
export const TEEN_PATTI_STAKES = ['ANTE', 'PAIR_PLUS'] as const;
export type TeenPattiStake = (typeof TEEN_PATTI_STAKES)[number];
export const TEEN_PATTI_SETTLED_BETS = ['ANTE', 'PLAY', 'PAIR_PLUS'] as const;
export type TeenPattiSettledBet = (typeof TEEN_PATTI_SETTLED_BETS)[number];
export type TeenPattiDecision = 'PLAY' | 'FOLD';

/** Pair Plus: what each hand pays to one (profit per unit; stake back on top). */
export const PAIR_PLUS_PAYS: Readonly<Record<TeenPattiHand, number>> = {
  HIGH_CARD: 0,
  PAIR: 1,
  COLOUR: 4,
  SEQUENCE: 6,
  TRAIL: 30,
  PURE_SEQUENCE: 40,
};

/** How many of the 22,100 three-card hands fall in each category (teen-patti.test.ts counts them). */
export const HAND_COUNTS: Readonly<Record<TeenPattiHand, number>> = {
  HIGH_CARD: 16_440,
  PAIR: 3_744,
  COLOUR: 1_096,
  SEQUENCE: 720,
  PURE_SEQUENCE: 48,
  TRAIL: 52,
};

/**
 * The optimal decision (it maximises the expected return of every hand, `anteAnalysis`): play
 * Queen-6-4 or better, fold below. Every hand at or above this strength is played and none
 * below, so the strategy is one threshold (teen-patti-round.test.ts checks it against the
 * hand-by-hand optimum). The member decides; this is the strategy the RTP figure assumes and the
 * screen's hint.
 */
export const PLAY_AT = 12 * 256 + 6 * 16 + 4;
export const optimalDecision = (player: readonly number[]): TeenPattiDecision => (handStrength(player) >= PLAY_AT ? 'PLAY' : 'FOLD');

/** What one bet returns on a deal and a decision (1/10,000, stake included). */
export function teenPattiMultiplier(bet: TeenPattiSettledBet, deal: TeenPattiDeal, decision: TeenPattiDecision): number {
  const unit = MULTIPLIER_SCALE;
  if (bet === 'PAIR_PLUS') {
    const pays = PAIR_PLUS_PAYS[deal.playerHand];
    return pays > 0 ? (pays + 1) * unit : 0;
  }
  if (decision === 'FOLD') return 0;
  const bonus = ANTE_BONUS[deal.playerHand] ?? 0;
  const outcome = !deal.dealerQualifies ? 'UNQUALIFIED' : deal.winner;
  if (bet === 'ANTE') {
    if (outcome === 'UNQUALIFIED' || outcome === 'PLAYER') return (2 + bonus) * unit;
    return (outcome === 'TIE' ? 1 + bonus : bonus) * unit;
  }
  if (outcome === 'PLAYER') return 2 * unit;
  return outcome === 'DEALER' ? 0 : unit;
}

/**
 * Settles a round: the opening stakes (ANTE, PAIR_PLUS; 0 = not placed) and the decision (a
 * PLAY bet equal to the ante when played). Each payout rounds down to the minor unit.
 */
export function settleTeenPatti(
  deal: TeenPattiDeal,
  stakes: Readonly<Record<TeenPattiStake, bigint>>,
  decision: TeenPattiDecision,
): { bets: SettledBet<TeenPattiSettledBet>[]; stakeMinor: bigint; payoutMinor: bigint } {
  const all = { ANTE: stakes.ANTE, PLAY: decision === 'PLAY' ? stakes.ANTE : 0n, PAIR_PLUS: stakes.PAIR_PLUS };
  return settleStakes(TEEN_PATTI_SETTLED_BETS, all, (bet) => teenPattiMultiplier(bet, deal, decision));
}

/** One round, both steps: a pure function of (server seed, client seed, nonce), the stakes and the decision. */
export function playTeenPatti(
  inputs: SeedInputs,
  stakes: Readonly<Record<TeenPattiStake, bigint>>,
  decision: TeenPattiDecision,
): TeenPattiDeal & ReturnType<typeof settleTeenPatti> {
  const deal = dealTeenPatti(createFairStream(inputs));
  return { ...deal, ...settleTeenPatti(deal, stakes, decision) };
}

/** Pair Plus's exact distribution: each category's share of the 22,100 equally likely hands. */
export function pairPlusDistribution(): ReturnLine[] {
  const lines = new Map<number, bigint>();
  for (const hand of Object.keys(HAND_COUNTS) as TeenPattiHand[]) {
    const pays = PAIR_PLUS_PAYS[hand];
    const multiplier = pays > 0 ? (pays + 1) * MULTIPLIER_SCALE : 0;
    lines.set(multiplier, (lines.get(multiplier) ?? 0n) + BigInt(HAND_COUNTS[hand]));
  }
  return [...lines].map(([multiplier, count]) => ({ multiplier, chance: { numerator: count, denominator: 22_100n } }));
}

/**
 * The exact distribution of what ANTE + PLAY return together per unit of ANTE under a strategy
 * (default the optimal one): 22,100 player hands x 18,424 dealer hands, from `dealerCountsByHand`.
 * Its mean is `anteAnalysis`'s 96.6270% for the optimal strategy; its SD sizes the simulation's
 * interval.
 */
export function anteDistribution(
  table: ReturnType<typeof dealerCountsByHand> = dealerCountsByHand(),
  decide: (player: readonly number[]) => TeenPattiDecision = optimalDecision,
): ReturnLine[] {
  const lines = new Map<number, bigint>();
  const add = (units: number, count: number) => {
    if (count === 0) return;
    const multiplier = units * MULTIPLIER_SCALE;
    lines.set(multiplier, (lines.get(multiplier) ?? 0n) + BigInt(count));
  };
  table.hands.forEach((hand, index) => {
    const count = table.counts[index]!;
    if (decide(hand) === 'FOLD') {
      add(0, 18_424);
      return;
    }
    const bonus = ANTE_BONUS[handOf(table.strengths[index]!)] ?? 0;
    add(3 + bonus, count.unqualified);
    add(4 + bonus, count.playerWins);
    add(2 + bonus, count.ties);
    add(bonus, count.dealerWins);
  });
  const denominator = 22_100n * 18_424n;
  return [...lines].map(([multiplier, count]) => ({ multiplier, chance: { numerator: count, denominator } }));
}

/** ANTE + PLAY returned per unit of ante on one deal under a strategy (the simulation's measure). */
export function antePlayMultiplier(
  deal: TeenPattiDeal,
  decide: (player: readonly number[]) => TeenPattiDecision = optimalDecision,
): number {
  const decision = decide(deal.player);
  return teenPattiMultiplier('ANTE', deal, decision) + teenPattiMultiplier('PLAY', deal, decision);
}
