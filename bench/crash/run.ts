/**
 * Crash RTP by simulation (docs/game-math.md "Crash"): N rounds from random 32-byte seeds and a
 * fixed salt through game-math's crashPointOf, the return of several auto cash-out targets, each
 * against its 99% interval around 1 - edge. The exact return is proved in closed form by
 * packages/game-math/src/crash/crash.test.ts; this checks the implementation end to end.
 *
 *   npx tsx bench/crash/run.ts [rounds=10000000] [edgeBp=100]
 */
import { randomBytes } from 'node:crypto';
import { crashPointOf } from '@kismat/game-math/crash/crash-point';

const rounds = Number(process.argv[2] ?? 10_000_000);
const edge = Number(process.argv[3] ?? 100);
const targets = [101, 150, 200, 500, 1_000, 10_000];
const salt = 'bench-crash-salt';
const wins = new Array<number>(targets.length).fill(0);
const started = performance.now();
const batch = randomBytes(32 * 4096);
let offset = batch.length;
for (let round = 0; round < rounds; round += 1) {
  if (offset >= batch.length) {
    randomBytes(batch.length).copy(batch);
    offset = 0;
  }
  const point = crashPointOf(batch.subarray(offset, offset + 32).toString('hex'), salt, edge);
  offset += 32;
  for (let index = 0; index < targets.length; index += 1) if (point >= (targets[index] as number)) wins[index] = (wins[index] ?? 0) + 1;
}
const seconds = (performance.now() - started) / 1000;
const expected = 1 - edge / 10_000;
let isInside = true;
console.log(
  `crash: ${rounds.toLocaleString('en-US')} rounds, edge ${edge} bp, ${seconds.toFixed(1)} s (rounds/s ${Math.round(rounds / seconds)})`,
);
for (let index = 0; index < targets.length; index += 1) {
  const multiplier = (targets[index] as number) / 100;
  const p = expected / multiplier;
  const rtp = ((wins[index] ?? 0) * multiplier) / rounds;
  const half = 2.576 * multiplier * Math.sqrt((p * (1 - p)) / rounds);
  const inside = Math.abs(rtp - expected) <= half;
  isInside &&= inside;
  console.log(
    `  target ${multiplier.toFixed(2)}x: RTP ${(rtp * 100).toFixed(4)}%  99% interval ${((expected - half) * 100).toFixed(4)}% - ${((expected + half) * 100).toFixed(4)}%  ${inside ? 'inside' : 'OUTSIDE'}`,
  );
}
if (!isInside) process.exitCode = 1;
