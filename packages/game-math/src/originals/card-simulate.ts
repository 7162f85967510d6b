import { createFairStream, createSeedKey, type RandomSource } from '../fair/fair-stream';
import { type ReturnLine, rtpOf, sdOf } from './cards';
import { MULTIPLIER_SCALE } from './house-edge';
import { type OriginalsSimulation, simulationOf } from './simulate';

/**
 * Plays `rounds` rounds of a card game on the provably fair stream (nonces 0..rounds-1 of one
 * seed pair) and compares one bet's return per unit stake with its exact distribution (RTP and
 * SD), as the other originals' simulations do.
 */
export function simulateCardBet<Deal>(
  serverSeed: Uint8Array,
  clientSeed: string,
  rounds: number,
  deal: (random: RandomSource) => Deal,
  multiplierOf: (deal: Deal) => number,
  exact: readonly ReturnLine[],
): OriginalsSimulation {
  const key = createSeedKey(serverSeed);
  let paid = 0;
  for (let nonce = 0; nonce < rounds; nonce++) paid += multiplierOf(deal(createFairStream({ serverSeed, clientSeed, nonce }, key)));
  return simulationOf(rounds, paid / MULTIPLIER_SCALE / rounds, rtpOf(exact), sdOf(exact));
}
