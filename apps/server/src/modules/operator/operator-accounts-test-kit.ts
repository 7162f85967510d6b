import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { depositChannels } from '../../db/schema/cashier';
import { operatorAuditLog, operators } from '../../db/schema/operators';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueIp, uniqueSuffix } from '../../test/factories';
import { seedDepositChannels } from '../cashier/seed-deposit-channels';
import { hashPassword } from '../member/password-hash';

/*
 * What the operator account tests (operator-accounts.test.ts, operator-management.test.ts)
 * share: a site with the root token and deposit channels, operators of each role, the admin API
 * as an operator, audit rows, a pending deposit and a member's balance. `contextOf` is the test
 * file's app, site and client, read when a helper runs.
 */

export const ROOT_TOKEN = 'operator-token-for-operator-account-tests';
export const PASSWORD = 'Op3rator!pass';

export async function openOperatorSite(): Promise<OperatorSite> {
  const t = await buildTestApp({ config: { OPERATOR_TOKEN: ROOT_TOKEN, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kismat-operator-')) } });
  const site = await createMerchant(t.app.db);
  await seedDepositChannels(t.app.db, site.merchant.id);
  return { t, site, client: new TestClient(t.app, site.host) };
}

export interface OperatorSite {
  t: TestApp;
  site: TestMerchant;
  client: TestClient;
}

/**
 * Opens the operator site before the file's tests and closes it after: `ctx` holds its app, site
 * and client (filled by then: read them inside the tests), beside the kit's helpers on it.
 */
export function useOperatorSite() {
  const ctx = {} as OperatorSite;
  beforeAll(async () => {
    Object.assign(ctx, await openOperatorSite());
  }, 60_000);
  afterAll(async () => {
    await ctx.t?.close();
  });
  return { ctx, ...operatorAccountsKit(() => ctx) };
}

export function operatorAccountsKit(contextOf: () => OperatorSite) {
  async function createOperator(role: 'admin' | 'finance' | 'support', options: { merchantId?: number } = {}) {
    const { t } = contextOf();
    const username = `op${uniqueSuffix(8)}`;
    await t.app.db
      .insert(operators)
      .values({ username, passwordHash: await hashPassword(PASSWORD), role, merchantId: options.merchantId ?? null });
    return username;
  }

  async function login(username: string, password = PASSWORD, ip = uniqueIp()) {
    const { client } = contextOf();
    return client.call('POST', '/admin-api/session', { body: { username, password }, ip });
  }

  async function tokenOf(role: 'admin' | 'finance' | 'support', options: { merchantId?: number } = {}) {
    const response = await login(await createOperator(role, options));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.token as string;
  }

  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    contextOf().client.call(method, url, { headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { body } : {}) });

  async function auditRows(action: string) {
    const { t } = contextOf();
    return t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, action));
  }

  async function pendingDeposit(amount = '300') {
    const { t, site, client } = contextOf();
    const created = await createMember(t.app.db, site.merchant.id);
    const token = await client.login(created.member.username, created.password ?? '');
    const [bkash] = await t.app.db
      .select()
      .from(depositChannels)
      .where(and(eq(depositChannels.merchantId, site.merchant.id), eq(depositChannels.code, 'bkash')));
    const deposit = await client.call('POST', '/wps/v2/cashier/deposits', {
      token,
      body: { channelId: bkash?.id, amount, reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: `k-${uniqueSuffix(12)}` },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    return { member: created.member, token, depositId: deposit.json().value.id as number };
  }

  async function balanceOf(token: string): Promise<string> {
    const { client } = contextOf();
    return (await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance as string;
  }

  return { createOperator, login, tokenOf, as, auditRows, pendingDeposit, balanceOf };
}
