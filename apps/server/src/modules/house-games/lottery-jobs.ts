import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { ScheduledJob } from '../../platform/scheduler';
import { closeDueLotteryIssues } from './close-lottery-issue';
import { ensureLotteryIssues } from './ensure-lottery-issues';
import { sealPlainSeeds } from './seal-plain-seeds';
import { settleDueLotteryDraws } from './settle-lottery-draw';

/**
 * One job every 5 s: close the issues past their cutoff (their ticket-set hash is published),
 * draw what is due, then commit the coming issues. The job_runs claim keeps two nodes from
 * running the same period; the issue row locks are what make each close and draw happen once
 * even if two runs overlap. A second job seals seeds still kept in clear (rows written before
 * seeds were sealed, or by an older node during a rolling upgrade).
 */
export function lotteryJobs(db: Db, realtime?: RealtimeHub): ScheduledJob[] {
  return [
    {
      name: 'house-lottery-draws',
      everyMs: 5_000,
      async run(now) {
        // Each step runs even if an earlier one failed: an issue that cannot be drawn (a node with
        // another seed key, a ticket set changed after it closed) must not stop the others or the
        // sale of the coming issues. The first failure is what job_runs records.
        const failures: unknown[] = [];
        const attempt = async (step: () => Promise<unknown>) => step().catch((error: unknown) => failures.push(error));
        await attempt(() => closeDueLotteryIssues(db, now));
        await attempt(() => settleDueLotteryDraws(db, now, realtime ? { realtime } : {}));
        await attempt(() => ensureLotteryIssues(db, now));
        if (failures.length > 0) throw failures[0];
      },
    },
    {
      name: 'house-seal-plain-seeds',
      everyMs: 60_000,
      async run(now) {
        await sealPlainSeeds(db, now);
      },
    },
  ];
}
