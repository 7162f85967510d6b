import { CASHIER_PATHS, SANDBOX_SIGNATURE_HEADER } from '@kismat/contracts/cashier';
import { formatAmount } from '@kismat/contracts/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bankAccounts } from '../db/schema/accounts';
import { depositChannels, depositRequests } from '../db/schema/cashier';
import { signSandboxBody } from '../modules/cashier/sandbox-gateway';
import type { Db } from '../platform/db';
import { envelopeOf, type HttpClient, type HttpRequest } from './crash-harness';
import { type TestClient, uniqueSuffix } from './factories';

/*
 * Shared by the cashier acceptance tests over real HTTP (concurrency, crash) and bench/wallet:
 * sessions within the per-session limit of the payment-password calls, signed sandbox
 * callbacks as the provider would send them, bank bindings and a seeded generator.
 */

/** Withdrawals and transfers allow this many calls per session per minute (routes' secretCheckLimit). */
export const SECRET_CALLS_PER_SESSION = 10;

/** mulberry32: a tiny seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SessionMember {
  id: number;
  username: string;
  password: string;
}

/**
 * Logged-in sessions per member through the real login call. `token()` is the member's first
 * session; `secretToken()` hands out sessions so none is used for more than
 * SECRET_CALLS_PER_SESSION payment-password calls, logging in again when all are used up.
 */
export class MemberSessions {
  private readonly first = new Map<number, Promise<string>>();
  private readonly secret = new Map<number, { token: Promise<string>; uses: number }[]>();

  /** `client` may be a getter's wrapper, so a restarted server's new client is used (crash tests). */
  constructor(private readonly client: Pick<HttpClient, 'request'>) {}

  private async login(member: SessionMember): Promise<string> {
    const response = await this.client.request({
      method: 'POST',
      path: '/wps/session/login',
      body: { type: 'username', username: member.username, password: member.password },
    });
    const envelope = envelopeOf<{ token?: string }>(response);
    if (response.status !== 200 || !envelope.value.token)
      throw new Error(`login of ${member.username}: ${response.status} ${response.body}`);
    return envelope.value.token;
  }

  token(member: SessionMember): Promise<string> {
    let token = this.first.get(member.id);
    if (!token) {
      token = this.login(member);
      this.first.set(member.id, token);
    }
    return token;
  }

  /** Synchronous bookkeeping, so parallel callers never share more than the budget of one session. */
  secretToken(member: SessionMember): Promise<string> {
    let slots = this.secret.get(member.id);
    if (!slots) {
      slots = [];
      this.secret.set(member.id, slots);
    }
    let slot = slots.find((candidate) => candidate.uses < SECRET_CALLS_PER_SESSION);
    if (!slot) {
      slot = { token: this.login(member), uses: 0 };
      slots.push(slot);
    }
    slot.uses += 1;
    return slot.token;
  }

  /** Forgets the secret-call budgets (a restarted server starts its in-memory limits afresh). */
  resetBudgets(): void {
    for (const slots of this.secret.values()) for (const slot of slots) slot.uses = 0;
  }
}

/** A confirmed bank account for withdrawals (binding has its own verification flow and tests). */
export async function bindBankAccount(db: Db, merchantId: number, memberId: number): Promise<number> {
  const [row] = await db
    .insert(bankAccounts)
    .values({
      memberId,
      merchantId,
      accountName: 'Test Person',
      accountNumber: `10${uniqueSuffix(10).replace(/[a-f]/g, '7')}`,
      bankName: 'Dutch-Bangla Bank',
      confirmedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('bank insert returned nothing');
  return row.id;
}

export async function channelOf(db: Db, merchantId: number, code: string) {
  const rows = await db.select().from(depositChannels).where(eq(depositChannels.merchantId, merchantId));
  const found = rows.find((row) => row.code === code);
  if (!found) throw new Error(`no deposit channel ${code}`);
  return found;
}

/**
 * The provider's signed callback for a sandbox deposit, byte for byte what the gateway sends.
 * The event id is fixed per (deposit, outcome), so a resend is the same event.
 */
export async function sandboxCallbackRequest(db: Db, depositId: number, status: 'paid' | 'failed'): Promise<HttpRequest> {
  const [deposit] = await db.select().from(depositRequests).where(eq(depositRequests.id, depositId));
  if (!deposit?.gatewayTransactionId) throw new Error(`deposit ${depositId} has no gateway transaction`);
  const [channel] = await db.select().from(depositChannels).where(eq(depositChannels.id, deposit.channelId));
  const secret = channel?.providerSettings.secret;
  if (!secret) throw new Error(`deposit ${depositId} is not on a sandbox channel`);
  const rawBody = JSON.stringify({
    eventId: `${deposit.gatewayTransactionId}:${status}`,
    gatewayTransactionId: deposit.gatewayTransactionId,
    depositId,
    amount: formatAmount(deposit.amount),
    status,
  });
  return {
    method: 'POST',
    path: CASHIER_PATHS.sandboxCallback,
    rawBody,
    headers: { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, rawBody) },
    label: `callback:${depositId}:${status}`,
  };
}

/**
 * A member's deposit of `amount` started on the merchant's sandbox channel through the real
 * calls, and a sender of its signed 'paid' callback: send it several times, in turn or at once,
 * for the gateway's resends.
 */
export async function startSandboxDeposit(
  app: FastifyInstance,
  client: TestClient,
  token: string,
  amount: string,
): Promise<{ depositId: number; sendPaid: () => Promise<LightMyRequestResponse> }> {
  const channels = (await client.call('GET', CASHIER_PATHS.depositChannels, { token })).json().value as { id: number; code: string }[];
  const sandbox = channels.find((row) => row.code === 'sandbox');
  if (!sandbox) throw new Error('no sandbox channel');
  const started = await client.call('POST', CASHIER_PATHS.deposits, {
    token,
    body: { channelId: sandbox.id, amount, idempotencyKey: `k-${uniqueSuffix(12)}` },
  });
  const depositId = started.json().value.id as number;
  const callback = await sandboxCallbackRequest(app.db, depositId, 'paid');
  return { depositId, sendPaid: () => injectCallback(app, callback) };
}

/** Sends a sandbox callback (`sandboxCallbackRequest`) to the app as the gateway does. */
function injectCallback(app: FastifyInstance, callback: HttpRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: callback.path,
    payload: callback.rawBody,
    headers: { 'content-type': 'application/json', ...callback.headers },
  });
}

/** The provider's signed callback for a sandbox deposit, sent to the app (the same event each time: a gateway resending). */
export async function sendSandboxCallback(
  app: FastifyInstance,
  depositId: number,
  status: 'paid' | 'failed' = 'paid',
): Promise<LightMyRequestResponse> {
  return injectCallback(app, await sandboxCallbackRequest(app.db, depositId, status));
}
