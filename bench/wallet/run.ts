/**
 * Wallet transfers over HTTP: agent -> downline (`transferFund`) and member -> upline
 * (`transferUpline`) calls per second with p50/p99, each with its payment password (argon2id)
 * and idempotency key, against a fresh Postgres database; then pgbench TPC-B-like on the same
 * server with as many clients for as long, and the ratio (issue 4). Ends with verifyLedger.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/wallet/run.ts [seconds=10] [workers=16] [pairs=64]
 *
 * Not a test. A bounded loop: each worker moves money back and forth inside its own
 * agent/downline pairs (one transfer at a time, alternating direction), so workers do not queue
 * on each other's rows; real HTTP to the listening app. Sessions are opened straight in the
 * database (logins are not what is measured) and each is used for at most the 10 payment-password
 * calls per minute the routes allow, so nothing is rate-limited.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq, inArray } from 'drizzle-orm';
import { members } from '../../apps/server/src/db/schema/accounts';
import { merchants } from '../../apps/server/src/db/schema/merchants';
import { createSession } from '../../apps/server/src/modules/member/create-session';
import { hashPassword } from '../../apps/server/src/modules/member/password-hash';
import { openAccount } from '../../apps/server/src/modules/wallet/open-account';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { SECRET_CALLS_PER_SESSION } from '../../apps/server/src/test/cashier-acceptance-support';
import { createMember } from '../../apps/server/src/test/factories';
import { fundBenchMember, readBenchArguments, runOnBenchApp } from '../support/bench-app';
import { PGBENCH_SCALE, percentile, runPgbench } from '../support/pgbench';

const TOO_FEW = 'use at least as many pairs as workers (each worker owns its pairs).';
const { seconds, workers, count: pairs, databaseUrl } = readBenchArguments('wallet', { seconds: 10, workers: 16, count: 64 }, TOO_FEW);
const PAY = 'Bench@2025';

await runOnBenchApp(databaseUrl, async (app, address) => {
  const found = await app.merchants.byCode('KISMAT');
  if (!found) throw new Error('no merchant');
  // The daily transfer limit is a product rule, not what is measured.
  await app.db
    .update(merchants)
    .set({ settings: { ...found.settings, cashier: { transferDailyMaxAmount: '900000000.00' } } })
    .where(eq(merchants.id, found.id));
  app.merchants.invalidate();
  const merchant = await app.merchants.byCode('KISMAT');
  if (!merchant) throw new Error('no merchant');
  const source = await openAccount(app.db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
  const paymentPasswordHash = await hashPassword(PAY);

  // Pairs: an agent with one downline, both funded; every member shares one payment password hash.
  const team: { agentId: number; downlineId: number }[] = [];
  for (let index = 0; index < pairs; index += 1) {
    const agent = await createMember(app.db, merchant.id, { password: null, type: MEMBER_TYPE.AGENT_1 });
    const downline = await createMember(app.db, merchant.id, { password: null, uplineId: agent.member.id });
    for (const member of [agent.member, downline.member]) {
      await fundBenchMember(app.db, merchant, source.id, member.id);
    }
    team.push({ agentId: agent.member.id, downlineId: downline.member.id });
  }
  const memberIds = team.flatMap((pair) => [pair.agentId, pair.downlineId]);
  await app.db.update(members).set({ paymentPasswordHash }).where(inArray(members.id, memberIds));

  /** A session with budget left for this member (opened in the database, outside the timed call). */
  const budgets = new Map<number, { token: string; uses: number }>();
  const tokenOf = async (memberId: number): Promise<string> => {
    let current = budgets.get(memberId);
    if (!current || current.uses >= SECRET_CALLS_PER_SESSION) {
      const { token } = await createSession(app.db, {
        member: { id: memberId, merchantId: merchant.id },
        origin: { ip: '127.0.0.1', userAgent: 'bench/wallet' },
        now: new Date(),
        idleMinutes: 30,
        remember: false,
        requiresPasswordChange: false,
      });
      current = { token, uses: 0 };
      budgets.set(memberId, current);
    }
    current.uses += 1;
    return current.token;
  };

  const transfer = async (path: string, token: string, body: Record<string, unknown>) => {
    const response = await fetch(`${address}${path}`, {
      method: 'POST',
      body: JSON.stringify({ ...body, paymentPassword: PAY, idempotencyKey: `bench-${randomUUID()}` }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, language: 'EN' },
    });
    const envelope = (await response.json()) as { code?: string };
    return envelope.code === 'OK';
  };

  const latencies: number[] = [];
  // CPU per transfer (this process: app, client and argon2 threads) is what the code costs, whatever else the machine runs.
  const cpuBefore = process.cpuUsage();
  const failures = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_unused, worker) => {
      const own = team.filter((_pair, index) => index % workers === worker);
      for (let round = 0; performance.now() < deadline; round += 1) {
        const pair = own[Math.floor(round / 2) % own.length];
        if (!pair) break;
        const isDown = round % 2 === 0;
        const token = await tokenOf(isDown ? pair.agentId : pair.downlineId);
        const started = performance.now();
        const isOk = isDown
          ? await transfer(CASHIER_PATHS.transferFund, token, { downlineId: pair.downlineId, amount: '1.00' })
          : await transfer(CASHIER_PATHS.transferUpline, token, { amount: '1.00' });
        latencies.push(performance.now() - started);
        if (!isOk) failures.set(isDown ? 'down' : 'up', (failures.get(isDown ? 'down' : 'up') ?? 0) + 1);
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((left, right) => left - right);
  const transfersPerSecond = latencies.length / seconds;
  const failed = [...failures.values()].reduce((sum, count) => sum + count, 0);
  const report = await verifyLedger(app.db);
  const tps = runPgbench(databaseUrl, workers, seconds);
  console.log(
    [
      `wallet: ${latencies.length} transfers (agent->downline and member->upline, payment password each) in ${seconds}s with ${workers} workers over HTTP (${failed} failed)`,
      `  transfers/s ${transfersPerSecond.toFixed(1)}  p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
      `  node CPU per transfer (app + client + argon2 threads) ${((cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length)).toFixed(2)} ms`,
      `  pgbench TPC-B-like (scale ${PGBENCH_SCALE}, ${workers} clients, ${seconds}s): ${tps.toFixed(1)} tps`,
      `  ratio transfers/s : pgbench tps = ${(transfersPerSecond / tps).toFixed(2)}`,
      `  ledger verify: ${report.ok ? 'OK' : 'BREACH'} (${report.checkedTransfers} transfers, ${report.checkedEntries} entries)`,
    ].join('\n'),
  );
  if (!report.ok || failed > 0) process.exitCode = 1;
});
