/**
 * The cluster failure test's load (issue 20), its own process (run.ts starts it): every member is
 * one worker that cycles through login, a slot spin, a vendor bet and win, a lottery slip and a
 * sandbox deposit, through HAProxy only, while run.ts kills a node and cuts the database's
 * connections. A call that got no definitive answer (no response, 502/503, a node shutting down,
 * a database error) is sent again with the same idempotency key and body until it has one, as a
 * client must; every attempt is recorded. Each member also keeps a /ws socket open, reconnects
 * when it drops (through the balancer, to whichever node) and resyncs its balance on reconnect.
 * Reads a plan as JSON on stdin; writes the record as JSON on stdout.
 */
import { randomUUID } from 'node:crypto';
import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { MEMBER_PATHS } from '@kismat/contracts/member';
import { SESSION_PATHS } from '@kismat/contracts/session';
import { VENDOR_API_PATHS, VENDOR_HEADERS } from '@kismat/contracts/vendor-wallet';
import WebSocket from 'ws';
import { signVendorPayload } from '../../apps/server/src/modules/vendor-wallet/vendor-signature';
import { HttpClient, type HttpRequest, type HttpResult } from '../../apps/server/src/test/crash-harness';
import { type LoadMember, type LoadPlan, type LoadRecord, type Operation, type OperationKind, outcomeOf, type SocketRecord } from './plan';

const RETRY_PAUSE_MS = 300;
const MAX_ATTEMPTS = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadPlan;
  const client = new HttpClient(plan.address, {
    ...(plan.host ? { host: plan.host } : {}),
    maxSockets: plan.members.length * 3,
    timeoutMs: 15_000,
  });
  const operations: Operation[] = [];
  const deadline = Date.now() + plan.seconds * 1000;

  /** Sends until the answer is definitive (bounded); records the operation. */
  async function settle(kind: OperationKind, member: LoadMember, key: string, request: HttpRequest): Promise<HttpResult> {
    let result: HttpResult | null = null;
    let attempts = 0;
    let outcome = 'RETRY';
    while (attempts < MAX_ATTEMPTS) {
      attempts++;
      result = await client.request({ ...request, headers: { ...request.headers, 'x-forwarded-for': member.ip } });
      outcome = outcomeOf(result);
      if (outcome !== 'RETRY') break;
      await sleep(RETRY_PAUSE_MS);
    }
    const operation: Operation = { kind, memberId: member.memberId, key, outcome, attempts, request };
    const value = (result?.json as { value?: { round?: { roundId?: string }; id?: number } } | undefined)?.value;
    if (kind === 'spin' && value?.round?.roundId) operation.ref = value.round.roundId;
    if (kind === 'deposit' && value?.id !== undefined) operation.ref = String(value.id);
    operations.push(operation);
    return result as HttpResult;
  }

  const vendorRequest = (path: string, body: Record<string, unknown>): HttpRequest => {
    const rawBody = JSON.stringify({ requestUuid: randomUUID(), ...body });
    const timestamp = String(Date.now());
    return {
      method: 'POST',
      path,
      rawBody,
      headers: {
        [VENDOR_HEADERS.vendor]: plan.vendor.code,
        [VENDOR_HEADERS.timestamp]: timestamp,
        [VENDOR_HEADERS.signature]: signVendorPayload(plan.vendor.apiSecret, timestamp, rawBody),
      },
    };
  };

  /** One vendor round: a 1.00 bet, then (when the bet was taken) a 0.90 win; answers the win, or null without one. */
  async function playVendorRound(member: LoadMember): Promise<HttpResult | null> {
    const roundId = randomUUID();
    const common = { ...member.vendorSession, gameCode: plan.vendor.gameCode, roundId, currency: plan.vendor.currency };
    const bet = await settle(
      'vendor-bet',
      member,
      `${roundId}-b`,
      vendorRequest(VENDOR_API_PATHS.bet, { ...common, transactionUuid: `${roundId}-b`, amount: '1.00' }),
    );
    if (outcomeOf(bet) !== 'OK') return null;
    return settle(
      'vendor-win',
      member,
      `${roundId}-w`,
      vendorRequest(VENDOR_API_PATHS.win, { ...common, transactionUuid: `${roundId}-w`, amount: '0.90' }),
    );
  }

  const sockets: SocketRecord[] = [];
  const closers: (() => void)[] = [];
  /** A member's page: a /ws socket through the balancer, reopened when it drops, balance resynced on open. */
  function keepSocket(member: LoadMember, tokenOf: () => string): void {
    const record: SocketRecord = { memberId: member.memberId, opens: 0, lastBalance: null, pushes: 0, finalBalance: null };
    sockets.push(record);
    let isDone = false;
    let current: WebSocket | null = null;
    const open = () => {
      if (isDone) return;
      const url = `${plan.address.replace('http', 'ws')}/ws?token=${encodeURIComponent(tokenOf())}`;
      const socket = new WebSocket(url, { headers: { ...(plan.host ? { host: plan.host } : {}), 'x-forwarded-for': member.ip } });
      current = socket;
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type?: string; balance?: string };
        if (message.type === 'ready') {
          record.opens++;
          // Pushes sent while the socket was down are gone: read the balance once, as the page does.
          void client
            .request({ method: 'GET', path: MEMBER_PATHS.info, token: tokenOf(), headers: { 'x-forwarded-for': member.ip } })
            .then((result) => {
              const balance = (result.json as { value?: { balance?: string } } | undefined)?.value?.balance;
              if (result.status === 200 && balance !== undefined) record.lastBalance = balance;
            });
        }
        if (message.type === 'balance' && message.balance !== undefined) {
          record.pushes++;
          record.lastBalance = message.balance;
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (!isDone) setTimeout(open, 300);
      });
    };
    open();
    closers.push(() => {
      isDone = true;
      current?.close();
    });
  }

  await Promise.all(
    plan.members.map(async (member, index) => {
      let token = '';
      const login = async () => {
        const key = randomUUID();
        const result = await settle('login', member, key, {
          method: 'POST',
          path: SESSION_PATHS.login,
          body: { type: 'username', username: member.username, password: member.password },
        });
        const next = (result.json as { value?: { token?: string } } | undefined)?.value?.token;
        if (next) token = next;
      };
      await login();
      keepSocket(member, () => token);
      for (let round = 0; Date.now() < deadline; round++) {
        const step = (round + index) % 5;
        if (step === 0 && round > 0) await login();
        if (step === 1) {
          const key = `spin-${randomUUID()}`;
          await settle('spin', member, key, {
            method: 'POST',
            path: HOUSE_GAME_PATHS.spin,
            token,
            body: { ...plan.slot, idempotencyKey: key },
          });
        }
        if (step === 2) await playVendorRound(member);
        const issue = plan.lotteryIssues.find((candidate) => candidate.opensAt <= Date.now() && Date.now() < candidate.cutoffAt - 3000);
        if (step === 3 && issue) {
          const key = `slip-${randomUUID()}`;
          await settle('lottery', member, key, {
            method: 'POST',
            path: HOUSE_GAME_PATHS.placeLotteryBet,
            token,
            body: {
              issueId: issue.id,
              oddsTable: 'standard',
              idempotencyKey: key,
              tickets: [{ betType: 'SUM_SIZE', selection: 'BIG', amount: '1.00' }],
            },
          });
        }
        if (step === 4) {
          const key = `dep-${randomUUID()}`;
          const created = await settle('deposit', member, key, {
            method: 'POST',
            path: CASHIER_PATHS.deposits,
            token,
            body: { channelId: plan.sandboxChannelId, amount: '100.00', idempotencyKey: key },
          });
          const depositId = (created.json as { value?: { id?: number } } | undefined)?.value?.id;
          if (depositId !== undefined) {
            await settle('deposit-pay', member, `pay-${depositId}`, {
              method: 'POST',
              path: CASHIER_PATHS.sandboxPay,
              token,
              body: { depositId, outcome: 'paid' },
            });
          }
        }
      }
    }),
  );
  // After the failures: one more vendor round per member, which the vendor wallet pushes to the
  // member's socket (on whatever node it reconnected to); the last push must carry the balance the win answered.
  await Promise.all(
    plan.members.map(async (member) => {
      const win = await playVendorRound(member);
      if (win) {
        const socket = sockets.find((candidate) => candidate.memberId === member.memberId);
        if (socket) socket.finalBalance = (win.json as { balance?: string } | undefined)?.balance ?? null;
      }
    }),
  );
  // The last pushes land; then the sockets close.
  await sleep(3000);
  for (const close of closers) close();
  client.close();
  const record: LoadRecord = { operations, sockets };
  process.stdout.write(JSON.stringify(record));
}

await main();
