import { envelopeOf, errorEnvelope } from '@kismat/contracts/envelope';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentContractBills } from '../db/schema/agent';
import { jobRuns } from '../db/schema/platform';
import { agentSettlementJobs } from '../modules/agent/index';
import type { Db } from '../platform/db';
import { ok } from '../platform/envelope';
import { operatorGuard } from '../platform/operator-auth';
import { runJobOnce } from '../platform/scheduler';

/**
 * A test clock for the agent settlement jobs, so an end-to-end test can let a day pass in
 * seconds: the clock is the server's own clock plus an offset, and moving it forward ticks
 * every settlement job at the new time through the scheduler's own runJobOnce (same job_runs
 * claims, same runAgentSettlement), exactly as the scheduler would when that moment comes.
 *
 * Only the settlement jobs see it: sessions, rounds, lotteries and everything else keep the
 * real clock, so other tests sharing the server are not disturbed. It lives in src/test/ and no
 * module registers it: main.ts imports this file (dynamically) and registers the route only when
 * TEST_CLOCK is set (the e2e global setup sets it, which starts the real main.ts), so a
 * deployment never loads it. It needs an operator with the settings permission like the
 * settlement call.
 */
export const SETTLEMENT_TEST_CLOCK_PATH = '/admin-api/test/agent-settlement-clock';

const offsets = new WeakMap<Db, number>();

export function settlementTestNow(db: Db, base: Date): Date {
  return new Date(base.getTime() + (offsets.get(db) ?? 0));
}

const advanceBody = z.object({
  /** How far to move the settlement clock forward from where it is (at most 40 days per call). */
  advanceMinutes: z
    .number()
    .int()
    .min(1)
    .max(40 * 24 * 60),
});
const advanceValue = z.object({
  now: z.string().datetime(),
  offsetMinutes: z.number().int(),
  /** The jobs this tick ran (a job whose slot was already claimed is not run again). */
  ran: z.array(z.string()),
  /** Bills made or paid by this tick, newest first. */
  bills: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      periodKey: z.string(),
      payeeId: z.number().int(),
      payerId: z.number().int().nullable(),
      validBet: z.string(),
      amountDue: z.string(),
      amountPaid: z.string(),
      status: z.string(),
    }),
  ),
});

/** The test clock route, as a plugin (main.ts registers it only when TEST_CLOCK is set). */
export async function registerSettlementTestClock(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    SETTLEMENT_TEST_CLOCK_PATH,
    {
      onRequest: operatorGuard('settings'),
      schema: {
        tags: ['operator', 'agent', 'test'],
        security: [{ bearer: [] }],
        summary: 'Test only (TEST_CLOCK): move the settlement clock forward and run the settlement jobs',
        body: advanceBody,
        response: { 200: envelopeOf(advanceValue), '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
    },
    async (request) => {
      const db = root.db;
      const offset = (offsets.get(db) ?? 0) + request.body.advanceMinutes * 60_000;
      offsets.set(db, offset);
      const now = settlementTestNow(db, root.now());
      const jobs = agentSettlementJobs(db);
      const ran: string[] = [];
      for (const job of jobs) if (await runJobOnce(db, job, now, request.log)) ran.push(job.name);
      const failed = await db
        .select({ job: jobRuns.job, error: jobRuns.error })
        .from(jobRuns)
        .where(and(inArray(jobRuns.job, ran), eq(jobRuns.startedAt, now), sql`${jobRuns.error} is not null`));
      if (failed.length > 0) throw new Error(`settlement jobs failed: ${failed.map((row) => `${row.job}: ${row.error}`).join('; ')}`);
      const bills = await db
        .select()
        .from(agentContractBills)
        .where(gte(agentContractBills.settledAt, now))
        .orderBy(sql`${agentContractBills.id} desc`)
        .limit(200);
      return ok(request, {
        now: now.toISOString(),
        offsetMinutes: Math.round(offset / 60_000),
        ran,
        bills: bills.map((bill) => ({
          id: bill.id,
          type: bill.type,
          periodKey: bill.periodKey,
          payeeId: bill.payeeId,
          payerId: bill.payerId ?? null,
          validBet: formatAmount(bill.validBet),
          amountDue: formatAmount(bill.amountDue),
          amountPaid: formatAmount(bill.amountPaid),
          status: bill.status,
        })),
      });
    },
  );
}
