import type { LotteryGame } from '@kismat/contracts/house-games';
import { formatAmount } from '@kismat/contracts/wallet';
import { LOTTERY_BET_TYPES, ODDS_SCALE } from '@kismat/game-math/lottery/bet-types';
import type { LotteryKind, OddsTable } from '@kismat/game-math/lottery/lottery-types';

export interface LotteryGameDefinition {
  gameCode: string;
  name: string;
  kind: LotteryKind;
  intervalMs: number;
  /** Draw k is at offsetMs + k * intervalMs (UTC epoch); daily games draw at a fixed time of day. */
  offsetMs: number;
  /** Betting closes this long before the draw, so tickets are frozen before the seed is used. */
  cutoffMs: number;
  region: string;
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/** The scheduled lottery games; the catalogue lists them under KISMAT (LOTT and ELOTT lanes). */
export const LOTTERY_GAMES: readonly LotteryGameDefinition[] = [
  { gameCode: 'ELOTT_1M', name: '5D 1 Min', kind: 'ELOTT', intervalMs: MINUTE, offsetMs: 0, cutoffMs: 10_000, region: 'FAST' },
  { gameCode: 'ELOTT_3M', name: '5D 3 Min', kind: 'ELOTT', intervalMs: 3 * MINUTE, offsetMs: 0, cutoffMs: 30_000, region: 'FAST' },
  { gameCode: 'ELOTT_5M', name: '5D 5 Min', kind: 'ELOTT', intervalMs: 5 * MINUTE, offsetMs: 0, cutoffMs: 30_000, region: 'FAST' },
  // 18:15 in Hanoi (UTC+7), the northern draw's customary time.
  {
    gameCode: 'VN_NORTH',
    name: 'Miền Bắc',
    kind: 'VN',
    intervalMs: DAY,
    offsetMs: 11 * 60 * MINUTE + 15 * MINUTE,
    cutoffMs: 15 * MINUTE,
    region: 'NORTH',
  },
  // 15:30 in Bangkok (UTC+7).
  {
    gameCode: 'SEA_THAI',
    name: 'Thai Lottery',
    kind: 'SEA',
    intervalMs: DAY,
    offsetMs: 8 * 60 * MINUTE + 30 * MINUTE,
    cutoffMs: 30 * MINUTE,
    region: 'SEA',
  },
];

export function findLotteryGame(gameCode: string): LotteryGameDefinition | undefined {
  return LOTTERY_GAMES.find((game) => game.gameCode === gameCode);
}

export interface IssueSlot {
  issueNo: string;
  opensAt: Date;
  cutoffAt: Date;
  drawAt: Date;
}

/** Issue k of a game: open from draw k-1 until the cutoff before draw k. Numbers read "<UTC date>-<seq of the day>". */
export function issueSlot(game: LotteryGameDefinition, index: number): IssueSlot {
  const drawMs = game.offsetMs + index * game.intervalMs;
  const drawAt = new Date(drawMs);
  const day = drawAt.toISOString().slice(0, 10).replaceAll('-', '');
  const perDay = Math.round(DAY / game.intervalMs);
  const sequence = perDay <= 1 ? '' : `-${String(Math.floor((drawMs % DAY) / game.intervalMs) + 1).padStart(4, '0')}`;
  return {
    issueNo: `${day}${sequence}`,
    opensAt: new Date(drawMs - game.intervalMs),
    cutoffAt: new Date(drawMs - game.cutoffMs),
    drawAt,
  };
}

/** The index of the issue on sale at `now` (its draw is the first one after now). */
export function currentIssueIndex(game: LotteryGameDefinition, now: Date): number {
  return Math.floor((now.getTime() - game.offsetMs) / game.intervalMs) + 1;
}

function presentBetTypes(kind: LotteryKind, table: OddsTable) {
  return LOTTERY_BET_TYPES[kind].map((rule) => ({
    betType: rule.betType,
    description: rule.description,
    odds: `${rule.odds[table] / ODDS_SCALE}.${String(rule.odds[table] % ODDS_SCALE).padStart(4, '0')}`,
    minAmount: formatAmount(rule.minAmountMinor),
    maxAmount: formatAmount(rule.maxAmountMinor[table]),
    selectionCount: rule.selections.length,
  }));
}

export function presentLotteryGame(game: LotteryGameDefinition): LotteryGame {
  return {
    gameCode: game.gameCode,
    name: game.name,
    kind: game.kind,
    intervalMinutes: game.intervalMs / MINUTE,
    cutoffSeconds: game.cutoffMs / 1000,
    betTypes: { standard: presentBetTypes(game.kind, 'standard'), zy: presentBetTypes(game.kind, 'zy') },
  };
}
