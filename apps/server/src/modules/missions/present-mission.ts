import type { Language } from '@kismat/contracts/languages';
import { type MissionItem, MONEY_METRICS } from '@kismat/contracts/missions';
import { formatAmount } from '@kismat/contracts/wallet';
import type { MissionRow, Titles } from '../../db/schema/missions';
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
