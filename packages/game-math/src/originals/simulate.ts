import { createFairStream, createSeedKey } from '../fair/fair-stream';
import { drawWithoutReplacement } from '../fair/shuffle';
import { type DiceBet, diceMultiplier, isDiceWin, rollDice } from './dice';
import { MULTIPLIER_SCALE } from './house-edge';
import { MINES_TILES, minesMultiplier, minesSurvival } from './mines';
import { type PlinkoBet, plinkoExactRtp, plinkoMultipliers, plinkoSlotChances } from './plinko';

/** What a simulation of an original measured against its exact figures (per unit stake). */
export interface OriginalsSimulation {
  rounds: number;
  exactRtp: number;
  observedRtp: number;
  /** The exact per-round standard deviation of the return. */
  sd: number;
  /** The 99% interval of the mean return: exact RTP +- 2.576 SD / sqrt(rounds). */
  low: number;
  high: number;
  isInside: boolean;
}

const Z_99 = 2.5758293035489;

/**
 * The simulation's verdict: the observed return per unit stake against the 99% interval of the
 * mean return around the exact RTP (exact RTP +- 2.576 SD / sqrt(rounds)).
 */
export function simulationOf(rounds: number, observedRtp: number, exactRtp: number, sd: number): OriginalsSimulation {
  const half = (Z_99 * sd) / Math.sqrt(rounds);
  return {
    rounds,
    exactRtp,
    observedRtp,
    sd,
    low: exactRtp - half,
    high: exactRtp + half,
    isInside: Math.abs(observedRtp - exactRtp) <= half,
  };
}

function summarise(rounds: number, paid: number, exactRtp: number, p: number, win: number): OriginalsSimulation {
  // One winning amount `win` with probability p: variance = p win^2 - rtp^2.
  return simulationOf(rounds, paid / rounds, exactRtp, Math.sqrt(p * win * win - exactRtp * exactRtp));
}

/**
 * Plays `rounds` dice rounds on the provably fair stream (nonces 0..rounds-1 of one seed pair)
 * and compares the return per unit stake with the exact RTP (chance x multiplier).
 */
export function simulateDice(
  serverSeed: Uint8Array,
  clientSeed: string,
  rounds: number,
  bet: DiceBet,
  edgeBp: number,
): OriginalsSimulation {
  const key = createSeedKey(serverSeed);
  const win = diceMultiplier(bet.chance, edgeBp) / MULTIPLIER_SCALE;
  let paid = 0;
  for (let nonce = 0; nonce < rounds; nonce++)
    if (isDiceWin(rollDice(createFairStream({ serverSeed, clientSeed, nonce }, key)), bet)) paid += win;
  const p = bet.chance / 10_000;
  return summarise(rounds, paid, p * win, p, win);
}

/**
 * Plays `rounds` mines rounds with the strategy "pick tiles 0, 1, ..., picks-1, then cash out"
 * (any fixed order survives with the same chance) against the exact RTP of that strategy.
 */
export function simulateMines(
  serverSeed: Uint8Array,
  clientSeed: string,
  rounds: number,
  mineCount: number,
  picks: number,
  edgeBp: number,
): OriginalsSimulation {
  const key = createSeedKey(serverSeed);
  const win = minesMultiplier(mineCount, picks, edgeBp) / MULTIPLIER_SCALE;
  let paid = 0;
  for (let nonce = 0; nonce < rounds; nonce++) {
    const mines = drawWithoutReplacement(MINES_TILES, mineCount, createFairStream({ serverSeed, clientSeed, nonce }, key));
    if (mines.every((tile) => tile >= picks)) paid += win;
  }
  const survival = minesSurvival(mineCount, picks);
  const p = Number(survival.numerator) / Number(survival.denominator);
  return summarise(rounds, paid, p * win, p, win);
}

/** Drops `rounds` plinko balls on the provably fair stream against the table's exact RTP and SD. */
export function simulatePlinko(serverSeed: Uint8Array, clientSeed: string, rounds: number, bet: PlinkoBet): OriginalsSimulation {
  const key = createSeedKey(serverSeed);
  const table = plinkoMultipliers(bet).map((value) => value / MULTIPLIER_SCALE);
  let paid = 0;
  for (let nonce = 0; nonce < rounds; nonce++) {
    const random = createFairStream({ serverSeed, clientSeed, nonce }, key);
    let slot = 0;
    for (let row = 0; row < bet.rows; row++) slot += random.nextInt(2);
    paid += table[slot] ?? 0;
  }
  const exactRtp = plinkoExactRtp(bet);
  const chances = plinkoSlotChances(bet.rows);
  const second = chances.reduce((sum, chance, slot) => sum + chance * (table[slot] ?? 0) ** 2, 0);
  return simulationOf(rounds, paid / rounds, exactRtp, Math.sqrt(second - exactRtp * exactRtp));
}
