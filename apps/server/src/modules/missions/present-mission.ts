import type { Language } from '@kismat/contracts/languages';
import { type MissionItem, MONEY_METRICS } from '@kismat/contracts/missions';
import { formatAmount } from '@kismat/contracts/wallet';
import type { MissionLeaderboardRow, MissionRow, Titles } from '../../db/schema/missions';
import { minOf } from '../rebates/index';
import { type MissionState, statusOf } from './mission-reads';

export function unitOf(metric: MissionRow['metric']): 'MONEY' | 'COUNT' {
  return MONEY_METRICS.includes(metric) ? 'MONEY' : 'COUNT';
}

/** A metric value as the API writes it: an amount ("500.00") or a whole number ("3"). */
export function formatMetric(metric: MissionRow['metric'], value: bigint): string {
  return unitOf(metric) === 'MONEY' ? formatAmount(value) : value.toString();
}

/** A reward as the API writes it: cash as an amount, points and chances as whole numbers. */
export function formatReward(kind: MissionRow['rewardKind'], amount: bigint): string {
  return kind === 'CASH' ? formatAmount(amount) : amount.toString();
}

export function titleIn(titles: Titles, language: Language): string {
  return titles[language] || titles.EN;
}

export function presentMissionItem(state: MissionState, language: Language): MissionItem {
  const { mission } = state;
  const shown = minOf(state.progress, mission.target);
  return {
    missionId: mission.id,
    title: titleIn(mission.titles, language),
    period: mission.period,
    metric: mission.metric,
    gameType: mission.gameType,
    unit: unitOf(mission.metric),
    target: formatMetric(mission.metric, mission.target),
    progress: formatMetric(mission.metric, state.progress),
    percent: Number((shown * 100n) / mission.target),
    status: statusOf(state),
    rewardKind: mission.rewardKind,
    rewardAmount: formatReward(mission.rewardKind, mission.rewardAmount),
    periodKey: state.periodKey,
    periodEndsAt: state.periodEndsAt?.toISOString() ?? null,
  };
}

/** "ab***9": enough for a player to recognise themselves, not enough to find another's account. */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

/** A mission as the back office edits it. */
export function presentMission(mission: MissionRow) {
  return {
    id: mission.id,
    titles: mission.titles,
    period: mission.period,
    metric: mission.metric,
    gameType: mission.gameType,
    target: formatMetric(mission.metric, mission.target),
    rewardKind: mission.rewardKind,
    rewardAmount: formatReward(mission.rewardKind, mission.rewardAmount),
    turnoverMultiplier: mission.turnoverMultiplier,
    startsAt: mission.startsAt?.toISOString() ?? null,
    endsAt: mission.endsAt?.toISOString() ?? null,
    isActive: mission.isActive,
    sortOrder: mission.sortOrder,
  };
}

/** A leaderboard as the back office edits it. */
export function presentBoard(board: MissionLeaderboardRow) {
  return {
    id: board.id,
    titles: board.titles,
    period: board.period,
    metric: board.metric,
    gameType: board.gameType,
    prizes: board.prizes.map((prize) => ({ rank: prize.rank, amount: formatAmount(BigInt(prize.amount)) })),
    isActive: board.isActive,
  };
}
