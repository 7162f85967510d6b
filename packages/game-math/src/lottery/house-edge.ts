import { LOTTERY_BET_TYPES, ODDS_SCALE } from './bet-types';
import { elottWinningSelections } from './elott';
import type { LotteryKind, OddsTable, WinningSelection } from './lottery-types';
import { seaWinningSelections } from './sea';
import { lastTwoDigits, VN_PRIZE_TIERS } from './vn';

export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export interface BetTypeEdge {
  readonly kind: LotteryKind;
  readonly betType: string;
  readonly oddsTable: OddsTable;
  readonly odds: bigint;
  /** E[hits] of the best selection (its win probability when a ticket wins at most once). */
  readonly expectedHits: Fraction;
  /** Expected return per unit staked, exact: odds * E[hits] / ODDS_SCALE. */
  readonly returnToPlayer: Fraction;
  readonly houseEdgePercent: number;
  /** True when every selection of the type has the same expectation (so the edge is the type's). */
  readonly isSameForEverySelection: boolean;
}

/**
 * Hit counts summed over an equally likely outcome space, per "betType|selection", plus the
 * size of that space. Each bet type's outcome space is enumerated in full through the same
 * winning-selection functions settlement uses, so the edge is exact, not estimated.
 */
interface HitTally {
  readonly hits: Map<string, bigint>;
  readonly outcomes: bigint;
}

function tally(rowsOf: (outcome: number) => readonly WinningSelection[], outcomes: number, betTypes: ReadonlySet<string>): HitTally {
  const hits = new Map<string, bigint>();
  for (let outcome = 0; outcome < outcomes; outcome++) {
    for (const row of rowsOf(outcome)) {
      if (!betTypes.has(row.betType)) continue;
      const key = `${row.betType}|${row.selection}`;
      hits.set(key, (hits.get(key) ?? 0n) + BigInt(row.hits));
    }
  }
  return { hits, outcomes: BigInt(outcomes) };
}

function elottTallies(): Map<string, HitTally> {
  // All 10^5 digit strings are equally likely.
  const all = tally(
    (outcome) => elottWinningSelections({ kind: 'ELOTT', digits: String(outcome).padStart(5, '0').split('').map(Number) }),
    100_000,
    new Set(LOTTERY_BET_TYPES.ELOTT.map((rule) => rule.betType)),
  );
  return new Map(LOTTERY_BET_TYPES.ELOTT.map((rule) => [rule.betType, all]));
}

function vnTallies(): Map<string, HitTally> {
  // E[hits] is a sum over prizes (linearity), so each prize's own outcome space is enumerated:
  // a d-digit prize is uniform over 10^d numbers; all are scaled to the common 10^5 space.
  const lo = new Map<string, bigint>();
  const de = new Map<string, bigint>();
  for (const { tier, count, digits } of VN_PRIZE_TIERS) {
    const space = 10 ** digits;
    const scale = BigInt(100_000 / space);
    for (let number = 0; number < space; number++) {
      const ending = lastTwoDigits(String(number).padStart(digits, '0'));
      lo.set(`LO|${ending}`, (lo.get(`LO|${ending}`) ?? 0n) + BigInt(count) * scale);
      if (tier === 'special') de.set(`DE|${ending}`, (de.get(`DE|${ending}`) ?? 0n) + scale);
    }
  }
  return new Map([
    ['LO', { hits: lo, outcomes: 100_000n }],
    ['DE', { hits: de, outcomes: 100_000n }],
  ]);
}

function seaTallies(): Map<string, HitTally> {
  // The first prize and the bottom number are drawn independently and each bet type reads one
  // of them, so each type's space is the one number it reads.
  const top = tally(
    (outcome) => seaWinningSelections({ kind: 'SEA', firstPrize: String(outcome).padStart(6, '0'), twoBottom: '00' }),
    1_000_000,
    new Set(['THREE_TOP', 'TWO_TOP']),
  );
  const bottom = tally(
    (outcome) => seaWinningSelections({ kind: 'SEA', firstPrize: '000000', twoBottom: String(outcome).padStart(2, '0') }),
    100,
    new Set(['TWO_BOTTOM']),
  );
  return new Map([
    ['THREE_TOP', top],
    ['TWO_TOP', top],
    ['TWO_BOTTOM', bottom],
  ]);
}

/** Exact house edge of every bet type of a lottery under one odds table. */
export function computeHouseEdges(kind: LotteryKind, oddsTable: OddsTable): BetTypeEdge[] {
  const tallies = kind === 'ELOTT' ? elottTallies() : kind === 'VN' ? vnTallies() : seaTallies();
  return LOTTERY_BET_TYPES[kind].map((rule) => {
    const { hits, outcomes } = tallies.get(rule.betType)!;
    const perSelection = rule.selections.map((selection) => hits.get(`${rule.betType}|${selection}`) ?? 0n);
    let best = 0n;
    for (const value of perSelection) if (value > best) best = value;
    const odds = rule.odds[oddsTable];
    const returnNumerator = odds * best;
    const returnDenominator = ODDS_SCALE * outcomes;
    // Edge in percent with 6 decimals of exact integer arithmetic before the final division.
    const edgeMicroPercent = ((returnDenominator - returnNumerator) * 100_000_000n) / returnDenominator;
    return {
      kind,
      betType: rule.betType,
      oddsTable,
      odds,
      expectedHits: { numerator: best, denominator: outcomes },
      returnToPlayer: { numerator: returnNumerator, denominator: returnDenominator },
      houseEdgePercent: Number(edgeMicroPercent) / 1_000_000,
      isSameForEverySelection: perSelection.every((value) => value === best),
    };
  });
}
