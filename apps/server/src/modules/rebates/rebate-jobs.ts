import type { Db } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { payAutoDailyRebates } from './pay-auto-daily-rebates';
import type { LoyaltyPorts } from './ports';

/** Hourly: merchants whose configured site-time hour has come get their previous days paid (idempotent per member and day). */
export function rebateJobs(db: Db, ports: LoyaltyPorts): ScheduledJob[] {
  return [
    {
      name: 'rebates.auto-daily',
      everyMs: 60 * 60_000,
      async run(now) {
        await payAutoDailyRebates(db, ports, now);
      },
    },
  ];
}
