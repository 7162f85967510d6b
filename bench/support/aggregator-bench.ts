import { VENDOR_API_PATHS, VENDOR_HEADERS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { aggregatorIntegrations } from '../../apps/server/src/db/schema/aggregators';
import { games, vendors } from '../../apps/server/src/db/schema/catalogue';
import { launchGame } from '../../apps/server/src/modules/game-launch/launch-game';
import {
  type AggregatorContract,
  type OpenedAggregatorSession,
  openAggregatorSession,
} from '../../apps/server/src/modules/vendor-wallet/index';
import { signVendorPayload } from '../../apps/server/src/modules/vendor-wallet/vendor-signature';
import { openAccount } from '../../apps/server/src/modules/wallet/open-account';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import type { Merchant } from '../../apps/server/src/platform/merchant';
import { createMember } from '../../apps/server/src/test/factories';
import { backendCpuSeconds } from './backend-cpu';
import { fundBenchMember } from './bench-app';
import { type LoadPlan, runLoadProcess, summariseLoad } from './load-process';

/** What a vendor-round bench plays with: the KISMAT merchant, the vendor's first game, the vendor, and the account that funds the players. */
export interface VendorBench {
  merchant: Merchant;
  game: { id: number; gameCode: string };
  vendor: { apiSecret: string };
  sourceAccountId: number;
}

/** The seeded KISMAT merchant, `vendorCode`'s first game and the merchant's adjustment account (throws when one is missing). */
export async function prepareVendorBench(app: FastifyInstance, vendorCode: string): Promise<VendorBench> {
  const merchant = await app.merchants.byCode('KISMAT');
  if (!merchant) throw new Error('no merchant');
  const [game] = await app.db
    .select({ id: games.id, gameCode: games.gameCode })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(eq(vendors.code, vendorCode)))
    .orderBy(asc(games.id))
    .limit(1);
  const vendor = await app.vendorDirectory.find(vendorCode);
  if (!game || !vendor) throw new Error('no game or vendor');
  const source = await openAccount(app.db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
  return { merchant, game, vendor, sourceAccountId: source.id };
}

/** A funded member, launched into the bench game (directly, no login): the launch token the vendor authenticates with. */
export async function launchFundedMember(app: FastifyInstance, bench: VendorBench): Promise<string> {
  const { merchant } = bench;
  const { member } = await createMember(app.db, merchant.id, { password: null });
  await fundBenchMember(app.db, merchant, bench.sourceAccountId, member.id);
  const launch = await launchGame(app.db, app.vendorDirectory, {
    merchant,
    member,
    nodeId: bench.game.id,
    language: 'EN',
    now: new Date(),
  });
  return new URL(launch.url, 'http://local').searchParams.get('token') ?? '';
}

/** A funded member launched and authenticated on /vendor-api/v1 (in-process inject: setup only): the session the load process plays. */
export async function authenticateVendorPlayer(
  app: FastifyInstance,
  bench: VendorBench,
  vendorCode: string,
  index: number,
): Promise<{ sessionId: string; user: string }> {
  const token = await launchFundedMember(app, bench);
  const payload = JSON.stringify({ requestUuid: `auth-${index}`, token });
  const timestamp = String(Date.now());
  const auth = (
    await app.inject({
      method: 'POST',
      url: VENDOR_API_PATHS.authenticate,
      payload,
      headers: {
        'content-type': 'application/json',
        [VENDOR_HEADERS.vendor]: vendorCode,
        [VENDOR_HEADERS.timestamp]: timestamp,
        [VENDOR_HEADERS.signature]: signVendorPayload(bench.vendor.apiSecret, timestamp, payload),
      },
    })
  ).json() as VendorResponse;
  if (auth.status !== 'RS_OK' || !auth.sessionId || !auth.user) throw new Error(`authenticate: ${auth.status}`);
  return { sessionId: auth.sessionId, user: auth.user };
}

/** An enabled aggregator contract of the bench merchant (a fake provider: its base URL does not resolve). */
export async function insertBenchContract(
  app: FastifyInstance,
  bench: VendorBench,
  values: Pick<
    typeof aggregatorIntegrations.$inferInsert,
    'code' | 'protocol' | 'name' | 'baseUrl' | 'operatorRef' | 'inboundKey' | 'secretEnv'
  >,
): Promise<AggregatorContract> {
  const [row] = await app.db
    .insert(aggregatorIntegrations)
    .values({ merchantId: bench.merchant.id, isEnabled: true, ...values })
    .returning();
  if (!row) throw new Error('no contract');
  return { id: row.id, merchantId: row.merchantId, code: row.code, protocol: row.protocol, isEnabled: true };
}

/** A new funded member's aggregator session on `contract` for the bench game. */
export async function openFundedAggregatorSession(app: FastifyInstance, bench: VendorBench, contract: AggregatorContract) {
  const { merchant } = bench;
  const { member } = await createMember(app.db, merchant.id, { password: null });
  await fundBenchMember(app.db, merchant, bench.sourceAccountId, member.id);
  return openAggregatorSession(app.db, {
    contract,
    memberId: member.id,
    gameId: bench.game.id,
    currency: merchant.currency,
    now: new Date(),
  });
}

/**
 * `players` times: a member authenticated on /vendor-api/v1 and another with a session on
 * `contract`, both funded, set up in turn (in-process: setup only).
 */
export async function openPlayerPairs(
  app: FastifyInstance,
  bench: VendorBench,
  vendorCode: string,
  contract: AggregatorContract,
  players: number,
) {
  const vendorSessions: { sessionId: string; user: string }[] = [];
  const aggregatorSessions: OpenedAggregatorSession[] = [];
  for (let index = 0; index < players; index += 1) {
    vendorSessions.push(await authenticateVendorPlayer(app, bench, vendorCode, index));
    aggregatorSessions.push(await openFundedAggregatorSession(app, bench, contract));
  }
  return { vendorSessions, aggregatorSessions };
}

/** The load plan of signed bet + win rounds on /vendor-api/v1 for `sessions`. */
export function vendorRoundsPlan(
  bench: VendorBench,
  vendorCode: string,
  run: { address: string; workers: number; seconds: number },
  sessions: { sessionId: string; user: string }[],
): LoadPlan {
  return {
    kind: 'vendor-rounds',
    ...run,
    vendorCode,
    apiSecret: bench.vendor.apiSecret,
    gameCode: bench.game.gameCode,
    currency: bench.merchant.currency,
    sessions,
  };
}

interface PhaseTotals {
  rounds: number;
  seconds: number;
  latencies: number[];
  failed: number;
  serverMs: number;
  backendMs: number;
}

/**
 * Runs the load plans 'vendor-api' and `name` alternately, A B A B, `seconds` each, so the shared
 * machine's noise hits both; prints each phase, the totals (`label`/vendor-api rate ratio), with
 * `cpu` the server's and Postgres' CPU per round, and last the ledger verify.
 */
export async function compareWithVendorApi<Name extends string>(
  app: FastifyInstance,
  options: { name: Name; label: string; seconds: number; cpu: boolean; plans: Record<'vendor-api' | Name, LoadPlan> },
): Promise<void> {
  const { name, label, seconds, cpu, plans } = options;
  type Phase = 'vendor-api' | Name;
  const fresh = (): PhaseTotals => ({ rounds: 0, seconds: 0, latencies: [], failed: 0, serverMs: 0, backendMs: 0 });
  const totals = new Map<Phase, PhaseTotals>([
    ['vendor-api', fresh()],
    [name, fresh()],
  ]);
  const totalOf = (phase: Phase) => totals.get(phase) ?? fresh();
  for (const phase of ['vendor-api', name, 'vendor-api', name] as Phase[]) {
    const cpuBefore = process.cpuUsage();
    const backendBefore = cpu ? await backendCpuSeconds(app.db) : 0;
    const load = await runLoadProcess(plans[phase]);
    const used = process.cpuUsage(cpuBefore);
    const backend = cpu ? (await backendCpuSeconds(app.db)) - backendBefore : 0;
    const run = summariseLoad(load);
    const rate = run.latencies.length / seconds;
    const total = totalOf(phase);
    let cpuPart = '';
    if (cpu) {
      const rounds = Math.max(1, run.latencies.length);
      const serverMs = (used.user + used.system) / 1000 / rounds;
      const backendMs = (backend * 1000) / rounds;
      total.serverMs += serverMs * run.latencies.length;
      total.backendMs += backendMs * run.latencies.length;
      cpuPart = `  CPU/round: server ${serverMs.toFixed(2)} ms, Postgres ${backendMs.toFixed(2)} ms`;
    }
    console.log(
      `${phase.padEnd(10)} ${rate.toFixed(1)} rounds/s  p50 ${run.p50.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms${cpuPart}  (${run.describeFailures()})`,
    );
    total.rounds += run.latencies.length;
    total.seconds += seconds;
    total.latencies.push(...run.latencies);
    total.failed += run.failed;
  }
  const rateOf = (phase: Phase) => totalOf(phase).rounds / totalOf(phase).seconds;
  const p50Of = (phase: Phase) => {
    const sorted = [...totalOf(phase).latencies].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  console.log(
    `total      /vendor-api/v1 ${rateOf('vendor-api').toFixed(1)} rounds/s (p50 ${p50Of('vendor-api').toFixed(1)} ms), ${label} ${rateOf(name).toFixed(1)} rounds/s (p50 ${p50Of(name).toFixed(1)} ms): ${label}/vendor-api = ${(rateOf(name) / rateOf('vendor-api')).toFixed(3)}; failed ${totalOf('vendor-api').failed} / ${totalOf(name).failed}`,
  );
  if (cpu) {
    const cpuOf = (phase: Phase) => (totalOf(phase).serverMs + totalOf(phase).backendMs) / Math.max(1, totalOf(phase).rounds);
    console.log(
      `CPU/round  /vendor-api/v1 ${cpuOf('vendor-api').toFixed(2)} ms, ${label} ${cpuOf(name).toFixed(2)} ms (server + Postgres): ${label}/vendor-api = ${(cpuOf(name) / cpuOf('vendor-api')).toFixed(3)}`,
    );
  }
  const ledger = await verifyLedger(app.db);
  console.log(`ledger verify: ${ledger.ok ? 'ok' : `FAILED ${JSON.stringify(ledger.samples)}`}`);
}
