import type { Db } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { closeLeaderboardPeriods } from './close-leaderboard-periods';

/** Every 5 minutes: leaderboard periods that closed (a minute's grace for the fact consumer) get their prizes, once. */
export function missionJobs(db: Db): ScheduledJob[] {
  return [
    {
      name: 'missions.close-leaderboards',
      everyMs: 5 * 60_000,
      async run(now) {
        await closeLeaderboardPeriods(db, now);
      },
    },
  ];
}
