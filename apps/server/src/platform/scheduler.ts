import { hostname } from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobRuns } from '../db/schema/platform';
import type { Db } from './db';

export interface ScheduledJob {
  name: string;
  /** The job runs once per period of this length, on whichever node claims it first. */
  everyMs: number;
  run(now: Date): Promise<void>;
}

/** The period a moment falls in, as stored in job_runs (the period's start, ISO). */
export function periodOf(job: ScheduledJob, now: Date): string {
  return new Date(Math.floor(now.getTime() / job.everyMs) * job.everyMs).toISOString();
}

const NODE = `${hostname()}:${process.pid}`;

/**
 * Runs a job for the period of `now` if no node has claimed that period yet. The claim is the
 * primary-key insert into job_runs, so across any number of nodes exactly one runs it; a run
 * that failed keeps its claim and error (the next period tries again).
 */
export async function runJobOnce(db: Db, job: ScheduledJob, now: Date, log?: FastifyBaseLogger): Promise<boolean> {
  const period = periodOf(job, now);
  const claimed = await db.insert(jobRuns).values({ job: job.name, period, node: NODE, startedAt: now }).onConflictDoNothing().returning();
  if (claimed.length === 0) return false;
  let error: string | null = null;
  try {
    await job.run(now);
  } catch (caught) {
    error = caught instanceof Error ? caught.message.slice(0, 500) : 'failed';
    log?.error({ err: caught, job: job.name, period }, 'scheduled job failed');
  }
  await db
    .update(jobRuns)
    .set({ finishedAt: new Date(), error })
    .where(and(eq(jobRuns.job, job.name), eq(jobRuns.period, period)));
  return true;
}

/** An in-process ticker over the jobs; main.ts starts it, tests call runJobOnce directly. */
export function startScheduler(options: {
  db: Db;
  jobs: readonly ScheduledJob[];
  now: () => Date;
  log: FastifyBaseLogger;
  tickMs?: number;
}): () => void {
  let isRunning = false;
  const tick = async () => {
    // A slow run is not overlapped by the next tick of this node.
    if (isRunning) return;
    isRunning = true;
    try {
      for (const job of options.jobs) await runJobOnce(options.db, job, options.now(), options.log);
    } catch (error) {
      options.log.error({ err: error }, 'scheduler tick failed');
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void tick(), options.tickMs ?? 15_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
