import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { ScheduledJob } from '../../platform/scheduler';
import { ensureLotteryIssues } from './ensure-lottery-issues';
import { settleDueLotteryDraws } from './settle-lottery-draw';

/**
 * One job every 5 s: draw what is due, then commit the coming issues. The job_runs claim keeps
 * two nodes from running the same period; the issue row lock in settleLotteryDraw is what
 * makes each draw happen once even if two runs overlap.
 */
export function lotteryJobs(db: Db, realtime?: RealtimeHub): ScheduledJob[] {
  return [
    {
      name: 'house-lottery-draws',
      everyMs: 5_000,
      async run(now) {
        await settleDueLotteryDraws(db, now, realtime ? { realtime } : {});
        await ensureLotteryIssues(db, now);
      },
    },
  ];
}
