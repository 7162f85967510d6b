import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bindBankAccount, channelOf, MemberSessions, type SessionMember } from '../../test/cashier-acceptance-support';
import { envelopeOf, HttpClient, type HttpRequest, type HttpResult } from '../../test/crash-harness';
import { createMember, createMerchant, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { withoutDepositTurnover } from '../../test/promotions-test-kit';
import { verifyLedger } from '../wallet/verify-ledger';
import { seedDepositChannels } from './seed-deposit-channels';

/*
 * What the cashier acceptance tests over real HTTP (concurrency.acceptance.test.ts,
 * idempotency.acceptance.test.ts) share: the listening app with limits out of the way, players
 * with a bound bank, deposits through the member and operator APIs, balances as the API tells
 * them and the ledger check. `contextOf` is the test file's app, site, client and sessions, read
 * when a helper runs.
 */

export const onPostgres = Boolean(process.env.DATABASE_URL);
export const OPERATOR_TOKEN = `acceptance-${uniqueSuffix(16)}`;
export const PAY = 'Pay@2025x';
export const WORKERS = 20;
export const OPERATIONS = 1_000;

export interface AcceptanceSite {
  t: TestApp;
  site: TestMerchant;
  client: HttpClient;
  sessions: MemberSessions;
}

export interface Player extends SessionMember {
  bankAccountId: number;
  uplineId: number | null;
}

export async function openAcceptanceSite(): Promise<AcceptanceSite> {
  const t = await buildTestApp({
    config: {
      OPERATOR_TOKEN,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kismat-acceptance-')),
      // Gateway deposits go through the demo's sandbox.
      SEED_DEMO: true,
      PAYMENT_SANDBOX: true,
      // Every socket comes from 127.0.0.1: per-IP limits of the login are for the public.
      PUBLIC_RATE_LIMIT_SCALE: 100,
      LOGIN_CAPTCHA_AFTER_PER_IP: 1000,
      // CASHIER_ACCEPTANCE_LOG=error shows the cause of an INTERNAL_ERROR.
      LOG_LEVEL: process.env.CASHIER_ACCEPTANCE_LOG === 'error' ? 'error' : 'silent',
    },
  });
  // Limits out of the way: these tests are about races, the limits have their own tests.
  const site = await createMerchant(t.app.db, {
    settings: {
      cashier: {
        withdrawMin: '1.00',
        withdrawDailyMaxCount: 100_000,
        withdrawDailyMaxAmount: '900000000.00',
        transferDailyMaxAmount: '900000000.00',
      },
    },
  });
  // Withdrawals here are about the cashier, not bonus turnover (promotions-core.test.ts has that).
  await withoutDepositTurnover(t.app.db, site.merchant.id);
  await seedDepositChannels(t.app.db, site.merchant.id, { paymentSandbox: true });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const client = new HttpClient(address, { host: site.host });
  const sessions = new MemberSessions(client);
  return { t, site, client, sessions };
}

export function acceptanceKit(contextOf: () => AcceptanceSite) {
  const key = (prefix = 'k') => `${prefix}-${uniqueSuffix(16)}`;
  // Reviews carry a note: rejections need a reason.
  const operator = (method: HttpRequest['method'], url: string, body: unknown = { note: 'acceptance test' }) =>
    contextOf().client.request({ method, path: url, token: OPERATOR_TOKEN, ...(method === 'GET' ? {} : { body }) });

  /** The envelope's code; the gateway callback answers `{ received, status }` without one, so a bare 200 is OK. */
  function codeOf(result: HttpResult): string {
    if (result.status === 0) return `NETWORK:${result.error}`;
    const code = (result.json as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') return code;
    return result.status === 200 ? 'OK' : `HTTP_${result.status}`;
  }

  async function newPlayer(options: { type?: number; uplineId?: number } = {}): Promise<Player> {
    const { t, site } = contextOf();
    const created = await createMember(t.app.db, site.merchant.id, {
      paymentPassword: PAY,
      ...(options.type !== undefined ? { type: options.type } : {}),
      ...(options.uplineId ? { uplineId: options.uplineId } : {}),
    });
    const bankAccountId = await bindBankAccount(t.app.db, site.merchant.id, created.member.id);
    return {
      id: created.member.id,
      username: created.member.username,
      password: created.password ?? '',
      bankAccountId,
      uplineId: options.uplineId ?? null,
    };
  }

  /** A member's POST that asks for the payment password (withdrawal, transfers): the secret session, the password and a fresh key (`prefix`) beside `body`. */
  async function withPassword(player: Player, path: string, body: Record<string, unknown>, prefix: string): Promise<HttpRequest> {
    const token = await contextOf().sessions.secretToken(player);
    return { method: 'POST', path, token, body: { ...body, paymentPassword: PAY, idempotencyKey: key(prefix) } };
  }

  /** A manual bKash deposit through the member API, approved by the operator API. */
  async function deposit(player: Player, amount: string): Promise<void> {
    const { t, site, client, sessions } = contextOf();
    const bkash = await channelOf(t.app.db, site.merchant.id, 'bkash');
    const created = await client.request({
      method: 'POST',
      path: CASHIER_PATHS.deposits,
      token: await sessions.token(player),
      body: { channelId: bkash.id, amount, reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: key('fund') },
    });
    expect(created.status, created.body).toBe(200);
    const approved = await operator('POST', `/admin-api/cashier/deposits/${envelopeOf(created).value.id}/approve`);
    expect(approved.status, approved.body).toBe(200);
  }

  async function apiBalances(player: Player) {
    const { client, sessions } = contextOf();
    const response = await client.request({ method: 'GET', path: CASHIER_PATHS.balance, token: await sessions.token(player) });
    expect(response.status, response.body).toBe(200);
    return envelopeOf<{ balance: string; cash: string; held: string }>(response).value;
  }

  async function expectLedgerSound() {
    const { t } = contextOf();
    const verdict = await verifyLedger(t.app.db);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
  }

  return { key, operator, codeOf, newPlayer, withPassword, deposit, apiBalances, expectLedgerSound };
}

/**
 * A suite's acceptance site (Postgres only): opened before its tests, its client and app closed
 * after. `ctx` holds the app, site, client and sessions (filled by then: read them inside the
 * tests), beside the kit's helpers on it.
 */
export function useAcceptanceSite() {
  const ctx = {} as AcceptanceSite;
  beforeAll(async () => {
    if (!onPostgres) return;
    Object.assign(ctx, await openAcceptanceSite());
  }, 60_000);
  afterAll(async () => {
    ctx.client?.close();
    await ctx.t?.close();
  });
  return { ctx, ...acceptanceKit(() => ctx) };
}
