import type { ContractPeriod, ContractType } from '@kismat/contracts/agent';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { lastEndedPeriod, previousPeriod } from './contract-periods';
import { payOutstandingBills } from './pay-outstanding-bills';
import { settleContracts } from './settle-contracts';

const MINUTE = 60_000;

/** One job per contract type and period; how often each wakes up to bill the period that just ended. */
const SCHEDULE: readonly { type: ContractType; period: ContractPeriod; everyMs: number }[] = [
  // Spec section 9: real-time salary is settled every 5 minutes.
  { type: 'REALTIME_SALARY', period: 'FIVE_MINUTES', everyMs: 5 * MINUTE },
  { type: 'HOURLY_SALARY', period: 'HOURLY', everyMs: 5 * MINUTE },
  { type: 'DAILY_SALARY', period: 'DAILY', everyMs: 15 * MINUTE },
  { type: 'DIVIDEND', period: 'DAILY', everyMs: 15 * MINUTE },
  { type: 'DIVIDEND', period: 'WEEKLY', everyMs: 15 * MINUTE },
  { type: 'DIVIDEND', period: 'SEMIMONTHLY', everyMs: 15 * MINUTE },
  { type: 'DIVIDEND', period: 'MONTHLY', everyMs: 15 * MINUTE },
];

/**
 * Settles, for every merchant in its own time zone, the last ended period and the one before it
 * (a node that was down across a boundary catches up on the next wake-up; bills already made
 * are skipped by their unique (contract, period) key).
 */
export async function runAgentSettlement(db: Db, type: ContractType, period: ContractPeriod, now: Date): Promise<void> {
  const all = await db.select().from(merchants);
  for (const merchant of all) {
    const ctx = { db, now, merchant };
    const last = lastEndedPeriod(period, now, merchant.utcOffsetMinutes);
    for (const bounds of [previousPeriod(period, last, merchant.utcOffsetMinutes), last]) {
      await settleContracts(ctx, { type, period, bounds });
    }
    // Then what uplines still owe from earlier periods, now that they may have funds again.
    await payOutstandingBills(ctx, { type });
  }
}

export function agentSettlementJobs(db: Db): ScheduledJob[] {
  return SCHEDULE.map((entry) => ({
    name: `agent-settle:${entry.type}:${entry.period}`,
    everyMs: entry.everyMs,
    run: (now: Date) => runAgentSettlement(db, entry.type, entry.period, now),
  }));
}
