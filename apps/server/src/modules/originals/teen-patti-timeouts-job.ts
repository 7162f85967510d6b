import type { Db } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { foldAbandonedTeenPatti } from './play-teen-patti';

/**
 * Every 30 s: the Teen Patti rounds open for longer than TEEN_PATTI_DECIDE_MS (10 minutes) without
 * Play or Fold are folded for their members (ante lost, Pair Plus settled), 100 per run. The
 * member's own next Teen Patti call folds theirs too, so a round never waits for the job; each
 * fold locks and re-checks its row, so the job and a late decision never both settle it.
 */
export function teenPattiTimeoutsJob(db: Db): ScheduledJob {
  return {
    name: 'originals-teen-patti-timeouts',
    everyMs: 30_000,
    async run(now) {
      await foldAbandonedTeenPatti(db, { now });
    },
  };
}
