/**
 * Prints the Markdown tables of docs/game-math.md from the definitions themselves (paytables,
 * strips, exact statistics, lottery odds and edges), so the document cannot drift from code:
 *
 *   node --import tsx packages/game-math/bench/game-math-report.ts > /tmp/tables.md
 */
import { LOTTERY_BET_TYPES, ODDS_SCALE } from '../src/lottery/bet-types';
import { computeHouseEdges } from '../src/lottery/house-edge';
import type { LotteryKind } from '../src/lottery/lottery-types';
import { computeExactRtp } from '../src/slots/exact-rtp';
import { SLOT_TITLES } from '../src/slots/slot-titles';
import { computeTitleStatistics } from '../src/slots/title-statistics';

const out: string[] = [];
const line = (text = '') => {
  out.push(text);
};
const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
const odds = (scaled: bigint) => (Number(scaled) / Number(ODDS_SCALE)).toString();

for (const title of SLOT_TITLES) {
  const exact = computeExactRtp(title);
  const stats = computeTitleStatistics(title);
  line(`### ${title.name} (\`${title.id}\`)`);
  line();
  line(`${title.theme} ${title.paylines.length} paylines; coin = total bet / ${title.paylines.length}.`);
  line();
  line('| Symbol | Id | Kind | 3 | 4 | 5 |');
  line('|---|---|---|---|---|---|');
  for (const symbol of title.symbols) {
    const pays = symbol.pays ?? {};
    line(`| ${symbol.name} | ${symbol.id} | ${symbol.kind} | ${pays[3] ?? '-'} | ${pays[4] ?? '-'} | ${pays[5] ?? '-'} |`);
  }
  line();
  line(
    `Line pays are in coins. Scatter pays (x total bet, anywhere): ${Object.entries(title.scatterPays)
      .map(([count, pay]) => `${count} -> ${pay}x`)
      .join(', ')}. Free spins: ${Object.entries(title.freeSpins.awards)
      .map(([count, spins]) => `${count} -> ${spins}`)
      .join(
        ', ',
      )}, all wins x${title.freeSpins.multiplier}, retrigger ${title.freeSpins.canRetrigger ? 'on (same awards)' : 'off'}, at most ${title.freeSpins.maxSpinsPerFeature} free spins per feature. Max win ${title.maxWinMultiplier}x total bet.`,
  );
  line();
  line('| Figure | Value |');
  line('|---|---|');
  line(`| Declared RTP | ${title.declaredRtpPercent.toFixed(4)}% |`);
  line(`| Exact RTP (combinatorics) | ${exact.rtpPercent.toFixed(8)}% |`);
  line(`| Exact RTP (full enumeration) | ${(stats.rtp * 100).toFixed(8)}% |`);
  line(
    `| base lines / base scatter / feature | ${(exact.baseLineRtp * 100).toFixed(4)}% / ${(exact.baseScatterRtp * 100).toFixed(4)}% / ${(exact.featureRtp * 100).toFixed(4)}% |`,
  );
  line(`| Variance / SD per paid spin (total bets) | ${stats.variance.toFixed(4)} / ${stats.standardDeviation.toFixed(4)} |`);
  line(`| Hit frequency (base pays or triggers) | ${(stats.hitFrequency * 100).toFixed(4)}% |`);
  line(`| Feature frequency | 1 in ${(1 / exact.featureProbability).toFixed(2)} |`);
  line(`| E[free spins per feature] | ${exact.expectedFreeSpins.toFixed(4)} |`);
  line(`| E[one free spin] (x total bet, multiplier in) | ${exact.freeSpinRtp.toFixed(4)} |`);
  line(`| Largest base grid win / free-spin grid win | ${stats.maxBaseWin}x / ${stats.maxFreeSpinWin}x |`);
  line(`| Uncapped bound (base + longest feature x best free spin) | ${stats.maxPossibleWin}x |`);
  line(`| P(bet reaches the cap) at most | ${stats.capProbabilityBound.toExponential(2)} |`);
  line(`| RTP the cap can remove at most | ${stats.capRtpEffectBound.toExponential(2)} total bets |`);
  line(
    `| Stop combinations (base / free) | ${stats.baseCombinations.toLocaleString('en')} / ${stats.freeCombinations.toLocaleString('en')} |`,
  );
  line();
  line('<details><summary>Reel strips</summary>');
  line();
  for (const [reel, strip] of title.baseReels.entries()) line(`- base reel ${reel + 1} (${strip.length}): ${strip.join(' ')}`);
  for (const [reel, strip] of title.freeSpins.reels.entries()) line(`- free-spin reel ${reel + 1} (${strip.length}): ${strip.join(' ')}`);
  line();
  line('</details>');
  line();
}

for (const kind of ['ELOTT', 'VN', 'SEA'] as const satisfies readonly LotteryKind[]) {
  const standard = computeHouseEdges(kind, 'standard');
  const zy = computeHouseEdges(kind, 'zy');
  line(`#### ${kind}`);
  line();
  line('| Bet type | Selections | P(win) or E[hits] | Odds std / ZY | House edge std / ZY | Stake min / max std / max ZY |');
  line('|---|---|---|---|---|---|');
  for (const rule of LOTTERY_BET_TYPES[kind]) {
    const edge = standard.find((entry) => entry.betType === rule.betType)!;
    const zyEdge = zy.find((entry) => entry.betType === rule.betType)!;
    const probability = Number(edge.expectedHits.numerator) / Number(edge.expectedHits.denominator);
    line(
      `| \`${rule.betType}\` ${rule.description} | ${rule.selections.length} (${rule.selections[0]} .. ${rule.selections.at(-1)}) | ${probability} | ${odds(rule.odds.standard)} / ${odds(rule.odds.zy)} | ${edge.houseEdgePercent}% / ${zyEdge.houseEdgePercent}% | ${money(rule.minAmountMinor)} / ${money(rule.maxAmountMinor.standard)} / ${money(rule.maxAmountMinor.zy)} |`,
    );
  }
  line();
}

console.log(out.join('\n'));
