import type { Language } from '@kismat/contracts/languages';
import { formatAmount } from '@kismat/contracts/wallet';
import type { DbOrTx } from '../../platform/db';
import { findLeaderboard, type RankedScore, readOwnRank, readTopScores } from './get-leaderboard';
import { periodBounds, periodKeyOf, previousPeriodKey } from './mission-periods';
import type { MissionPorts } from './mission-ports';
import { formatMetric, maskAccount, titleIn, unitOf } from './present-mission';

/** MCSFE_getMissionLeaderboard: a board's current (or previous) period, its top 100 with prizes, and the member's own row. */
export async function getLeaderboardView(
  db: DbOrTx,
  ports: MissionPorts,
  input: {
    merchantId: number;
    offsetMinutes: number;
    memberId: number;
    language: Language;
    now: Date;
    leaderboardId?: number | undefined;
    which: 'CURRENT' | 'PREVIOUS';
  },
) {
  const board = await findLeaderboard(db, input.merchantId, input.leaderboardId);
  if (!board) return { leaderboard: null, list: [], me: null };
  const current = periodKeyOf(board.period, input.now, input.offsetMinutes);
  const periodKey = input.which === 'PREVIOUS' ? previousPeriodKey(board.period, current) : current;
  const bounds = periodBounds(board.period, periodKey, input.offsetMinutes);
  const top = await readTopScores(db, board.id, periodKey);
  const own = top.find((row) => row.memberId === input.memberId) ?? (await readOwnRank(db, board.id, periodKey, input.memberId));
  const names = ports.accountNamesOf
    ? await ports.accountNamesOf(db, [...top.map((row) => row.memberId), input.memberId])
    : new Map<number, string>();
  const prizes = new Map(board.prizes.map((prize) => [prize.rank, BigInt(prize.amount)]));
  const present = (row: RankedScore) => {
    const account = names.get(row.memberId) ?? `#${row.memberId}`;
    const prize = prizes.get(row.rank);
    return {
      rank: row.rank,
      account: row.memberId === input.memberId ? account : maskAccount(account),
      score: formatMetric(board.metric, row.score),
      reachedAt: row.reachedAt.toISOString(),
      prize: prize === undefined ? null : formatAmount(prize),
    };
  };
  return {
    leaderboard: {
      id: board.id,
      title: titleIn(board.titles, input.language),
      period: board.period,
      metric: board.metric,
      unit: unitOf(board.metric),
      periodKey,
      periodEndsAt: (bounds?.end ?? input.now).toISOString(),
      prizes: [...prizes.entries()].sort((a, b) => a[0] - b[0]).map(([rank, amount]) => ({ rank, amount: formatAmount(amount) })),
    },
    list: top.map(present),
    me: own ? present(own) : null,
  };
}
