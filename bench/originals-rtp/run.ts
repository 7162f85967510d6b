/**
 * Long RTP simulation of the originals (docs/game-math.md, "Originals"): 10^7 rounds per game
 * by default on the provably fair stream (server seed SHA-256("kismat originals simulation"),
 * client seed "simulation", nonces 0..n-1), each observed RTP against its exact RTP's 99%
 * interval. Exits 1 when one lies outside. No database.
 *
 *   nice -n 19 node --import tsx bench/originals-rtp/run.ts [rounds] [name filter, e.g. dragon | andar | teen]
 */
import { utf8Bytes } from '../../packages/game-math/src/crypto/bytes';
import { sha256 } from '../../packages/game-math/src/crypto/sha256';
import { andarBaharDistribution, andarBaharMultiplier, dealAndarBahar } from '../../packages/game-math/src/originals/andar-bahar';
import { simulateCardBet } from '../../packages/game-math/src/originals/card-simulate';
import { dealDragonTiger, dragonTigerDistribution, dragonTigerMultiplier } from '../../packages/game-math/src/originals/dragon-tiger';
import { type OriginalsSimulation, simulateDice, simulateMines, simulatePlinko } from '../../packages/game-math/src/originals/simulate';
import { dealTeenPatti } from '../../packages/game-math/src/originals/teen-patti';
import {
  anteDistribution,
  antePlayMultiplier,
  pairPlusDistribution,
  teenPattiMultiplier,
} from '../../packages/game-math/src/originals/teen-patti-round';

const rounds = Number(process.argv[2] ?? 10_000_000);
const serverSeed = sha256(utf8Bytes('kismat originals simulation'));
const only = process.argv[3];
const all: [string, () => OriginalsSimulation][] = [
  ['dice under 49.50%', () => simulateDice(serverSeed, 'simulation', rounds, { direction: 'UNDER', chance: 4_950 }, 100)],
  ['dice over 10.00%', () => simulateDice(serverSeed, 'simulation', rounds, { direction: 'OVER', chance: 1_000 }, 100)],
  ['mines 3, 5 picks', () => simulateMines(serverSeed, 'simulation', rounds, 3, 5, 100)],
  ['mines 1, 10 picks', () => simulateMines(serverSeed, 'simulation', rounds, 1, 10, 100)],
  ['plinko 12 rows medium', () => simulatePlinko(serverSeed, 'simulation', rounds, { rows: 12, risk: 'MEDIUM' })],
  ['plinko 16 rows high', () => simulatePlinko(serverSeed, 'simulation', rounds, { rows: 16, risk: 'HIGH' })],
  ...(['DRAGON', 'TIE', 'SUITED_TIE'] as const).map((bet): [string, () => OriginalsSimulation] => [
    `dragon tiger ${bet}`,
    () =>
      simulateCardBet(
        serverSeed,
        'simulation',
        rounds,
        dealDragonTiger,
        (deal) => dragonTigerMultiplier(bet, deal),
        dragonTigerDistribution(bet),
      ),
  ]),
  ...(['ANDAR', 'BAHAR'] as const).map((bet): [string, () => OriginalsSimulation] => [
    `andar bahar ${bet}`,
    () =>
      simulateCardBet(
        serverSeed,
        'simulation',
        rounds,
        dealAndarBahar,
        (deal) => andarBaharMultiplier(bet, deal),
        andarBaharDistribution(bet),
      ),
  ]),
  // Teen Patti: ANTE + PLAY per unit of ante with the optimal Play/Fold (Queen-6-4), and Pair Plus.
  [
    'teen patti ante+play optimal',
    () => simulateCardBet(serverSeed, 'simulation', rounds, dealTeenPatti, (deal) => antePlayMultiplier(deal), anteDistribution()),
  ],
  [
    'teen patti pair plus',
    () =>
      simulateCardBet(
        serverSeed,
        'simulation',
        rounds,
        dealTeenPatti,
        (deal) => teenPattiMultiplier('PAIR_PLUS', deal, 'FOLD'),
        pairPlusDistribution(),
      ),
  ],
];
// A second argument runs only the lines whose name contains it ("dragon", "andar").
const games = only ? all.filter(([name]) => name.includes(only)) : all;

const percent = (value: number) => `${(value * 100).toFixed(4)}%`;
let outside = 0;
let played = 0;
const started = performance.now();
console.log('| Game | Rounds | Exact RTP | Observed RTP | 99% interval | Verdict |');
console.log('| ---- | ------ | --------- | ------------ | ------------ | ------- |');
for (const [name, run] of games) {
  const result = run();
  played += result.rounds;
  if (!result.isInside) outside++;
  console.log(
    `| ${name} | ${result.rounds.toLocaleString('en')} | ${percent(result.exactRtp)} | ${percent(result.observedRtp)} | ${percent(result.low)} - ${percent(result.high)} | ${result.isInside ? 'inside' : 'OUTSIDE'} |`,
  );
}
console.log(`rounds/s ${Math.round(played / ((performance.now() - started) / 1000))}`);
process.exitCode = outside ? 1 : 0;
