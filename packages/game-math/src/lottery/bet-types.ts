import type { LotteryKind, OddsTable } from './lottery-types';

/** Odds are decimal multipliers (stake included) scaled by 10,000: 9.7 is 97_000n. */
export const ODDS_SCALE = 10_000n;

export interface BetTypeRule {
  readonly betType: string;
  readonly description: string;
  /** Odds per table; a bet type that wins several times (lô) pays this per hit. */
  readonly odds: Readonly<Record<OddsTable, bigint>>;
  /** Stake limits per ticket in minor units, per table. */
  readonly minAmountMinor: bigint;
  readonly maxAmountMinor: Readonly<Record<OddsTable, bigint>>;
  /** Every valid selection, canonical spelling. */
  readonly selections: readonly string[];
}

const range = (count: number, width: number) => Array.from({ length: count }, (_, value) => String(value).padStart(width, '0'));
const POSITIONS = ['1', '2', '3', '4', '5'];
const perPosition = (values: readonly string[]) => POSITIONS.flatMap((position) => values.map((value) => `${position}-${value}`));
const MIN_STAKE = 100n; // 1.00

type Terms = Pick<BetTypeRule, 'odds' | 'minAmountMinor' | 'maxAmountMinor'>;
const terms = (odds: [standard: bigint, zy: bigint], maxAmountMinor: [standard: bigint, zy: bigint]): Terms => ({
  odds: { standard: odds[0], zy: odds[1] },
  minAmountMinor: MIN_STAKE,
  maxAmountMinor: { standard: maxAmountMinor[0], zy: maxAmountMinor[1] },
});
/** Odds and stake limits of the bet types that win with probability 1/2 (size, parity). */
const EVEN_CHANCE = terms([19_500n, 19_600n], [2_000_000n, 1_000_000n]);
/** Two digits against two drawn digits (probability 1/100): đề, 2-top, 2-bottom. */
const TWO_DIGITS = { ...terms([960_000n, 970_000n], [500_000n, 200_000n]), selections: range(100, 2) };

/**
 * ELOTT, the fast five-digit draw. Position 1 is the leftmost digit. Big is 5-9 (sum: 23-45),
 * small 0-4 (sum: 0-22); both halves have probability exactly 1/2 (the sum is symmetric about
 * 22.5), so size and parity bets share odds.
 */
const ELOTT_BET_TYPES: readonly BetTypeRule[] = [
  {
    betType: 'POSITION_DIGIT',
    description: 'The digit at one position',
    ...terms([97_000n, 98_000n], [500_000n, 200_000n]),
    selections: perPosition(range(10, 1)),
  },
  {
    betType: 'POSITION_SIZE',
    description: 'Big (5-9) or small (0-4) at one position',
    ...EVEN_CHANCE,
    selections: perPosition(['BIG', 'SMALL']),
  },
  {
    betType: 'POSITION_PARITY',
    description: 'Odd or even digit at one position',
    ...EVEN_CHANCE,
    selections: perPosition(['ODD', 'EVEN']),
  },
  { betType: 'SUM_SIZE', description: 'Sum of the five digits big (23-45) or small (0-22)', ...EVEN_CHANCE, selections: ['BIG', 'SMALL'] },
  { betType: 'SUM_PARITY', description: 'Sum of the five digits odd or even', ...EVEN_CHANCE, selections: ['ODD', 'EVEN'] },
];

/** VN (northern Vietnamese style): lô pays per prize ending in the number, đề on the special prize. */
const VN_BET_TYPES: readonly BetTypeRule[] = [
  {
    betType: 'LO',
    description: 'Lô: two digits, paid once per prize (of 27) whose last two digits match',
    ...terms([35_500n, 36_000n], [1_000_000n, 500_000n]),
    selections: range(100, 2),
  },
  { betType: 'DE', description: 'Đề: two digits against the last two digits of the special prize', ...TWO_DIGITS },
];

/** SEA (Thai government style): 3-top and 2-top on the first prize, 2-bottom on its own draw. */
const SEA_BET_TYPES: readonly BetTypeRule[] = [
  {
    betType: 'THREE_TOP',
    description: 'The last three digits of the first prize, in order',
    ...terms([9_600_000n, 9_700_000n], [100_000n, 50_000n]),
    selections: range(1000, 3),
  },
  { betType: 'TWO_TOP', description: 'The last two digits of the first prize', ...TWO_DIGITS },
  { betType: 'TWO_BOTTOM', description: 'The separately drawn two-digit bottom number', ...TWO_DIGITS },
];

export const LOTTERY_BET_TYPES: Readonly<Record<LotteryKind, readonly BetTypeRule[]>> = {
  ELOTT: ELOTT_BET_TYPES,
  VN: VN_BET_TYPES,
  SEA: SEA_BET_TYPES,
};

export function findBetType(kind: LotteryKind, betType: string): BetTypeRule | undefined {
  return LOTTERY_BET_TYPES[kind]?.find((rule) => rule.betType === betType);
}

/** The payout formula, as SQL computes it: integer minor units, rounded down, so a payout is at most one minor unit short of the exact product. */
export function payoutFor(amountMinor: bigint, odds: bigint, hits: number): bigint {
  return (amountMinor * odds * BigInt(hits)) / ODDS_SCALE;
}
