import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduler claims: a job run for a period happens once across any number of nodes because
 * the (job, period) insert can succeed only once.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    node: text('node').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);
