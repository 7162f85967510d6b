/**
 * Long RTP simulation of the originals (docs/game-math.md, "Originals"): 10^7 rounds per game
 * by default on the provably fair stream (server seed SHA-256("kismat originals simulation"),
 * client seed "simulation", nonces 0..n-1), each observed RTP against its exact RTP's 99%
 * interval. Exits 1 when one lies outside. No database.
 *
 *   nice -n 19 node --import tsx bench/originals-rtp/run.ts [rounds]
 */
import { utf8Bytes } from '../../packages/game-math/src/crypto/bytes';
import { sha256 } from '../../packages/game-math/src/crypto/sha256';
import { type OriginalsSimulation, simulateDice, simulateMines, simulatePlinko } from '../../packages/game-math/src/originals/simulate';

const rounds = Number(process.argv[2] ?? 10_000_000);
const serverSeed = sha256(utf8Bytes('kismat originals simulation'));
const games: [string, () => OriginalsSimulation][] = [
  ['dice under 49.50%', () => simulateDice(serverSeed, 'simulation', rounds, { direction: 'UNDER', chance: 4_950 }, 100)],
  ['dice over 10.00%', () => simulateDice(serverSeed, 'simulation', rounds, { direction: 'OVER', chance: 1_000 }, 100)],
  ['mines 3, 5 picks', () => simulateMines(serverSeed, 'simulation', rounds, 3, 5, 100)],
  ['mines 1, 10 picks', () => simulateMines(serverSeed, 'simulation', rounds, 1, 10, 100)],
  ['plinko 12 rows medium', () => simulatePlinko(serverSeed, 'simulation', rounds, { rows: 12, risk: 'MEDIUM' })],
  ['plinko 16 rows high', () => simulatePlinko(serverSeed, 'simulation', rounds, { rows: 16, risk: 'HIGH' })],
];

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
