import type { RandomSource } from '../fair/fair-stream';
import { createFairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import { assertHouseEdge, BP_SCALE, MULTIPLIER_SCALE, payoutFor } from './house-edge';

/**
 * Dice: one roll in [0, 10_000), shown as 0.00 to 99.99. The player picks a direction and a win
 * chance `chance` in hundredths of a percent (100 = 1.00% to 9_800 = 98.00%):
 *   UNDER wins when roll < chance, OVER wins when roll >= 10_000 - chance,
 * so exactly `chance` of the 10,000 equally likely rolls win, and the multiplier is
 * (1 - edge) / p = (10_000 - edgeBp) / chance, in 1/10,000 units rounded down.
 * Stream: one `nextInt(10_000)` from the round's nonce (rejection sampling, no modulo bias).
 */
export const DICE_ROLLS = 10_000;
export const DICE_MIN_CHANCE = 100;
export const DICE_MAX_CHANCE = 9_800;
export const DICE_DIRECTIONS = ['UNDER', 'OVER'] as const;
export type DiceDirection = (typeof DICE_DIRECTIONS)[number];

export interface DiceBet {
  readonly direction: DiceDirection;
  /** Win chance in hundredths of a percent, DICE_MIN_CHANCE..DICE_MAX_CHANCE. */
  readonly chance: number;
}

export interface DiceResult {
  /** 0..9_999 (the screen shows roll / 100 with two decimals). */
  readonly roll: number;
  readonly isWin: boolean;
  /** The multiplier a win pays, 1/10,000 units. */
  readonly multiplier: number;
  readonly payoutMinor: bigint;
}

export function isValidDiceBet(bet: DiceBet): boolean {
  return (
    DICE_DIRECTIONS.includes(bet.direction) &&
    Number.isInteger(bet.chance) &&
    bet.chance >= DICE_MIN_CHANCE &&
    bet.chance <= DICE_MAX_CHANCE
  );
}

/** The multiplier of a win at this chance: floor((10_000 - edgeBp) * 10_000 / chance) ten-thousandths. */
export function diceMultiplier(chance: number, edgeBp: number): number {
  assertHouseEdge(edgeBp);
  if (!Number.isInteger(chance) || chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) throw new RangeError('dice chance out of range');
  return Math.floor(((BP_SCALE - edgeBp) * MULTIPLIER_SCALE) / chance);
}

export function isDiceWin(roll: number, bet: DiceBet): boolean {
  return bet.direction === 'UNDER' ? roll < bet.chance : roll >= DICE_ROLLS - bet.chance;
}

/** The roll from a stream (the first value of the round's nonce). */
export function rollDice(random: RandomSource): number {
  return random.nextInt(DICE_ROLLS);
}

/** One dice round: a pure function of (server seed, client seed, nonce), the bet and the edge. */
export function playDice(inputs: SeedInputs, bet: DiceBet, stakeMinor: bigint, edgeBp: number): DiceResult {
  if (!isValidDiceBet(bet)) throw new RangeError('invalid dice bet');
  if (stakeMinor <= 0n) throw new RangeError('stake must be positive');
  const multiplier = diceMultiplier(bet.chance, edgeBp);
  const roll = rollDice(createFairStream(inputs));
  const isWin = isDiceWin(roll, bet);
  return { roll, isWin, multiplier, payoutMinor: isWin ? payoutFor(stakeMinor, multiplier) : 0n };
}

/**
 * The exact RTP of a bet by enumerating the 10,000 equally likely rolls (the stake matters only
 * through rounding of the payout to the minor unit): sum of payouts / (10,000 x stake).
 */
export function diceExactRtp(bet: DiceBet, stakeMinor: bigint, edgeBp: number): number {
  const multiplier = diceMultiplier(bet.chance, edgeBp);
  let paid = 0n;
  for (let roll = 0; roll < DICE_ROLLS; roll++) if (isDiceWin(roll, bet)) paid += payoutFor(stakeMinor, multiplier);
  return Number((paid * 1_000_000_000n) / (stakeMinor * BigInt(DICE_ROLLS))) / 1e9;
}
