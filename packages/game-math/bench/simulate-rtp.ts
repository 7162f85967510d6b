/**
 * Long RTP simulation: plays N paid spins per title through the engine (playBet on the
 * provably fair stream, nonces 0..N-1) and checks the observed RTP against the exact figure's
 * 99% confidence interval, whose width comes from the exactly computed per-spin variance.
 *
 *   nice -n 19 node --import tsx packages/game-math/bench/simulate-rtp.ts [--spins 10000000] [--title bengal-tiger]
 *
 * Prints a Markdown table (for docs/game-math.md) and a JSON line per title. The server seed is
 * SHA-256("kismat rtp simulation") so anyone can rerun the exact same spins.
 */
import { bytesToHex, utf8Bytes } from '../src/crypto/bytes';
import { sha256 } from '../src/crypto/sha256';
import { createFairStream, createSeedKey } from '../src/fair/fair-stream';
import { compileTitle } from '../src/slots/compile-title';
import { playBet } from '../src/slots/play-bet';
import { SLOT_TITLES } from '../src/slots/slot-titles';
import { computeTitleStatistics } from '../src/slots/title-statistics';

const Z_99 = 2.5758293035489;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const spins = Number(argument('spins') ?? 10_000_000);
const only = argument('title');
const serverSeed = sha256(utf8Bytes('kismat rtp simulation'));
const key = createSeedKey(serverSeed);
const clientSeed = 'simulation';

const rows: string[] = [];
for (const title of SLOT_TITLES.filter((candidate) => !only || candidate.id === only)) {
  const compiled = compileTitle(title);
  const exact = computeTitleStatistics(title);
  const started = performance.now();
  let paid = 0;
  let paidSquares = 0;
  let hits = 0;
  let features = 0;
  let maxWin = 0;
  for (let nonce = 0; nonce < spins; nonce++) {
    const played = playBet(compiled, createFairStream({ serverSeed, clientSeed, nonce }, key));
    const win = played.paidCoins / compiled.lineCount;
    paid += win;
    paidSquares += win * win;
    if (played.base.coins > 0 || played.base.freeSpinsAdded > 0) hits++;
    if (played.freeSpins.length > 0) features++;
    if (win > maxWin) maxWin = win;
    if ((nonce + 1) % 1_000_000 === 0)
      process.stderr.write(`${title.id}: ${nonce + 1} spins, RTP so far ${((paid / (nonce + 1)) * 100).toFixed(3)}%\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  const observedRtp = paid / spins;
  const observedVariance = paidSquares / spins - observedRtp * observedRtp;
  const halfWidth = (Z_99 * exact.standardDeviation) / Math.sqrt(spins);
  const isInside = Math.abs(observedRtp - exact.rtp) <= halfWidth;
  const result = {
    title: title.id,
    spins,
    exactRtpPercent: exact.rtp * 100,
    observedRtpPercent: observedRtp * 100,
    interval99Percent: [(exact.rtp - halfWidth) * 100, (exact.rtp + halfWidth) * 100],
    isInside,
    exactStandardDeviation: exact.standardDeviation,
    observedStandardDeviation: Math.sqrt(observedVariance),
    exactHitFrequency: exact.hitFrequency,
    observedHitFrequency: hits / spins,
    exactFeatureProbability: exact.featureProbability,
    observedFeatureProbability: features / spins,
    maxObservedWin: maxWin,
    spinsPerSecond: Math.round(spins / seconds),
  };
  console.log(JSON.stringify(result));
  rows.push(
    `| ${title.name} | ${spins.toLocaleString('en')} | ${(exact.rtp * 100).toFixed(4)}% | ${(observedRtp * 100).toFixed(4)}% | ` +
      `${result.interval99Percent.map((bound) => `${bound.toFixed(3)}%`).join(' – ')} | ${isInside ? 'inside' : '**outside**'} | ` +
      `${exact.standardDeviation.toFixed(3)} / ${Math.sqrt(observedVariance).toFixed(3)} | ` +
      `${(exact.hitFrequency * 100).toFixed(2)}% / ${((hits / spins) * 100).toFixed(2)}% | ` +
      `1 in ${(1 / exact.featureProbability).toFixed(1)} / 1 in ${(spins / features).toFixed(1)} | ${maxWin.toFixed(2)}x |`,
  );
}
console.log(`\nServer seed ${bytesToHex(serverSeed)}, client seed "${clientSeed}", nonces 0..${spins - 1}.\n`);
console.log(
  '| Title | Spins | Exact RTP | Observed RTP | 99% interval | Verdict | SD exact / observed | Hit frequency exact / observed | Feature exact / observed | Largest win |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
