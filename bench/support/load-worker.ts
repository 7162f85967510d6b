/**
 * The load client of the HTTP benches, run as its own process (bench/support/load-process.ts
 * starts it): the server's process then spends its CPU on serving only, and the client's CPU is
 * measured apart (issue 16, item 5). Reads one plan as JSON on stdin, runs it and writes one
 * result as JSON on stdout. Every loop is bounded by the plan's deadline.
 */
import { createPrivateKey, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { VENDOR_API_PATHS, VENDOR_HEADERS } from '@kismat/contracts/vendor-wallet';
import { HUB88_SIGNATURE_HEADER, HUB88_WALLET_CALLS } from '../../apps/server/src/modules/aggregators/hub88/wallet-protocol';
import { signHub88Body } from '../../apps/server/src/modules/aggregators/hub88/wallet-simulator';
import { signVendorPayload } from '../../apps/server/src/modules/vendor-wallet/vendor-signature';
import { HttpClient, type HttpResult } from '../../apps/server/src/test/crash-harness';
import type { LoadPlan, LoadResult } from './load-process';

async function readPlan(): Promise<LoadPlan> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadPlan;
}

/** `OK` for a member call answered 200 + code OK, a vendor call answered RS_OK; else what it said. */
function outcomeOf(result: HttpResult): string {
  const json = result.json as { code?: string; status?: string } | undefined;
  if (result.status !== 200) return json?.code ?? result.error ?? `HTTP ${result.status}`;
  if (json?.status !== undefined) return json.status === 'RS_OK' ? 'OK' : json.status;
  return json?.code ?? 'NO_BODY';
}

/** One unit of work of the plan for worker `worker`, its `index`-th: answers the outcome and when the answer came. */
function unitOf(plan: LoadPlan, client: HttpClient): (worker: number, index: number) => Promise<string> {
  switch (plan.kind) {
    case 'slot-spins':
      return async (worker, index) => {
        const mine = plan.tokens.filter((_token, at) => at % plan.workers === worker);
        const bet = plan.bets[index % plan.bets.length];
        const result = await client.request({
          method: 'POST',
          path: HOUSE_GAME_PATHS.spin,
          token: mine[index % mine.length],
          body: { ...bet, idempotencyKey: randomUUID() },
        });
        return outcomeOf(result);
      };
    case 'lottery-tickets':
      return async (worker, index) => {
        const mine = plan.tokens.filter((_token, at) => at % plan.workers === worker);
        const result = await client.request({
          method: 'POST',
          path: HOUSE_GAME_PATHS.placeLotteryBet,
          token: mine[index % mine.length],
          body: { issueId: plan.issueId, oddsTable: 'standard', idempotencyKey: randomUUID(), tickets: plan.tickets },
        });
        return outcomeOf(result);
      };
    case 'evolution-rounds': {
      // Evolution's game server: a debit of the round's refId, then the credit settling it.
      const call = (name: string, body: Record<string, unknown>) =>
        client.request({
          method: 'POST',
          path: `${plan.prefix}/${name}?authToken=${encodeURIComponent(plan.authToken)}`,
          rawBody: JSON.stringify({ ...body, uuid: randomUUID() }),
        });
      return async (worker, index) => {
        const session = plan.sessions[(worker + index * plan.workers) % plan.sessions.length];
        if (!session) return 'NO_SESSION';
        const refId = randomUUID();
        const game = { id: refId, type: 'roulette', details: { table: { id: plan.tableId, vid: null } } };
        const common = { ...session, currency: plan.currency, game };
        const debit = outcomeOf(await call('debit', { ...common, transaction: { id: `${refId}-d`, refId, amount: 1 } }));
        if (debit !== 'OK') return `debit ${debit}`;
        const credit = outcomeOf(await call('credit', { ...common, transaction: { id: `${refId}-c`, refId, amount: 0.9 } }));
        return credit === 'OK' ? 'OK' : `credit ${credit}`;
      };
    }
    case 'vendor-rounds': {
      const signed = (path: string, body: Record<string, unknown>) => {
        const payload = JSON.stringify({ requestUuid: randomUUID(), ...body });
        const timestamp = String(Date.now());
        return client.request({
          method: 'POST',
          path,
          rawBody: payload,
          headers: {
            [VENDOR_HEADERS.vendor]: plan.vendorCode,
            [VENDOR_HEADERS.timestamp]: timestamp,
            [VENDOR_HEADERS.signature]: signVendorPayload(plan.apiSecret, timestamp, payload),
          },
        });
      };
      return async (worker, index) => {
        const session = plan.sessions[(worker + index * plan.workers) % plan.sessions.length];
        if (!session) return 'NO_SESSION';
        const roundId = randomUUID();
        const common = { ...session, gameCode: plan.gameCode, roundId, currency: plan.currency };
        const bet = outcomeOf(await signed(VENDOR_API_PATHS.bet, { ...common, transactionUuid: `${roundId}-b`, amount: '1.00' }));
        if (bet !== 'OK') return `bet ${bet}`;
        const win = outcomeOf(await signed(VENDOR_API_PATHS.win, { ...common, transactionUuid: `${roundId}-w`, amount: '0.90' }));
        return win === 'OK' ? 'OK' : `win ${win}`;
      };
    }
    case 'hub88-rounds': {
      // Hub88 signs on its own machines: the rounds are signed before the clock starts (as many
      // as the run can use), so the load process spends its CPU sending, like the HMAC plan.
      const privateKey = createPrivateKey(plan.privateKeyPem);
      const signedRound = (session: { token: string; user: string }) => {
        const round = randomUUID();
        const common = { ...session, game_code: plan.gameCode, round, currency: plan.currency, is_free: false, bet: null, meta: null };
        const sign = (body: Record<string, unknown>) => {
          const payload = JSON.stringify({ request_uuid: randomUUID(), ...body });
          return { payload, signature: signHub88Body(privateKey, payload) };
        };
        return {
          bet: sign({ ...common, transaction_uuid: `${round}-b`, round_closed: false, amount: 100_000 }),
          win: sign({
            ...common,
            transaction_uuid: `${round}-w`,
            reference_transaction_uuid: `${round}-b`,
            round_closed: true,
            amount: 90_000,
          }),
        };
      };
      const presigned = Array.from({ length: plan.workers }, () => [] as ReturnType<typeof signedRound>[]);
      const perWorker = Math.ceil((plan.seconds * 120) / plan.workers);
      for (let worker = 0; worker < plan.workers; worker += 1) {
        for (let index = 0; index < perWorker; index += 1) {
          const session = plan.sessions[(worker + index * plan.workers) % plan.sessions.length];
          if (session) presigned[worker]!.push(signedRound(session));
        }
      }
      const send = (path: string, signed: { payload: string; signature: string }) =>
        client.request({
          method: 'POST',
          path: `${plan.prefix}${path}`,
          rawBody: signed.payload,
          headers: { [HUB88_SIGNATURE_HEADER]: signed.signature },
        });
      return async (worker, index) => {
        const session = plan.sessions[(worker + index * plan.workers) % plan.sessions.length];
        if (!session) return 'NO_SESSION';
        const round = presigned[worker]![index] ?? signedRound(session);
        const bet = outcomeOf(await send(HUB88_WALLET_CALLS.bet, round.bet));
        if (bet !== 'OK') return `bet ${bet}`;
        const win = outcomeOf(await send(HUB88_WALLET_CALLS.win, round.win));
        return win === 'OK' ? 'OK' : `win ${win}`;
      };
    }
  }
}

const plan = await readPlan();
const client = new HttpClient(plan.address, { ...(plan.host ? { host: plan.host } : {}), maxSockets: plan.workers * 2 });
const unit = unitOf(plan, client);
const startAt = plan.startAtEpochMs ?? Date.now();
if (startAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
const deadline = performance.now() + (plan.untilEpochMs ?? startAt + plan.seconds * 1000) - Date.now();
const cpuBefore = process.cpuUsage();
const calls: LoadResult['calls'] = [];
await Promise.all(
  Array.from({ length: plan.workers }, async (_unused, worker) => {
    for (let index = 0; performance.now() < deadline; index += 1) {
      const sentAt = Date.now();
      const started = performance.now();
      const outcome = await unit(worker, index);
      calls.push({ sentAt, answeredAt: Date.now(), ms: performance.now() - started, outcome });
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
client.close();
const result: LoadResult = { calls, clientCpuMs: (cpu.user + cpu.system) / 1000 };
process.stdout.write(JSON.stringify(result));
