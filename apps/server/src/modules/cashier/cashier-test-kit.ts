import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { bankAccounts } from '../../db/schema/accounts';
import { depositChannels } from '../../db/schema/cashier';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { withoutDepositTurnover } from '../../test/promotions-test-kit';
import { verifyLedger } from '../wallet/verify-ledger';
import { seedDepositChannels } from './seed-deposit-channels';

/*
 * What the cashier tests (cashier.test.ts, cashier-withdrawals.test.ts) share: a demo site with
 * the sandbox gateway and the operator token, players with a payment password, channels, funded
 * players, bound banks and the ledger check. `contextOf` is the test file's app, site and client,
 * read when a helper runs.
 */

export const PAY = 'Pay@2025x';
export const OPERATOR_TOKEN = 'operator-token-for-cashier-tests';

export async function openCashierSite(): Promise<{ t: TestApp; site: TestMerchant; client: TestClient }> {
  // The sandbox gateway is a demo's (payment-sandbox.test.ts shows a site without it).
  const t = await buildTestApp({
    config: { OPERATOR_TOKEN, SEED_DEMO: true, PAYMENT_SANDBOX: true, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kismat-cashier-')) },
  });
  const site = await createMerchant(t.app.db);
  // Withdrawals here are about the cashier, not bonus turnover (promotions-core.test.ts has that).
  await withoutDepositTurnover(t.app.db, site.merchant.id);
  await seedDepositChannels(t.app.db, site.merchant.id, { paymentSandbox: true });
  return { t, site, client: new TestClient(t.app, site.host) };
}

export function cashierKit(contextOf: () => { t: TestApp; site: TestMerchant; client: TestClient }) {
  async function expectLedgerOk() {
    const { t } = contextOf();
    const verdict = await verifyLedger(t.app.db);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
  }

  const key = () => `k-${uniqueSuffix(12)}`;

  async function player(options: { uplineId?: number; type?: number; paymentPassword?: string | null } = {}) {
    const { t, site, client } = contextOf();
    const created = await createMember(t.app.db, site.merchant.id, {
      paymentPassword: options.paymentPassword === undefined ? PAY : options.paymentPassword,
      ...(options.uplineId ? { uplineId: options.uplineId } : {}),
      ...(options.type !== undefined ? { type: options.type } : {}),
    });
    const token = await client.login(created.member.username, created.password ?? '');
    return { ...created, token };
  }

  async function channel(code: string) {
    const { t, site } = contextOf();
    const rows = await t.app.db.select().from(depositChannels).where(eq(depositChannels.merchantId, site.merchant.id));
    const found = rows.find((row) => row.code === code);
    if (!found) throw new Error(`no channel ${code}`);
    return found;
  }

  async function balanceOf(token: string): Promise<string> {
    const { client } = contextOf();
    const response = await client.call('GET', '/wps/v2/wallets/balance', { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.balance as string;
  }

  const operator = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    contextOf().client.call(method, url, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      ...(body !== undefined ? { body } : {}),
    });

  /** A member with `amount` credited through an approved bKash deposit. */
  async function fundedPlayer(amount: string, options: { uplineId?: number; type?: number } = {}) {
    return await depositApproved(await player(options), amount);
  }

  /** `amount` credited to the logged-in member through a bKash deposit the operator approves. */
  async function depositApproved<Member extends { token: string }>(member: Member, amount: string): Promise<Member> {
    const { client } = contextOf();
    const bkash = await channel('bkash');
    const created = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { channelId: bkash.id, amount, reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: key() },
    });
    expect(created.statusCode, created.body).toBe(200);
    const approved = await operator('POST', `/admin-api/cashier/deposits/${created.json().value.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    return member;
  }

  async function bindBank(memberId: number): Promise<number> {
    const { t, site } = contextOf();
    const [row] = await t.app.db
      .insert(bankAccounts)
      .values({
        memberId,
        merchantId: site.merchant.id,
        accountName: 'Test Person',
        accountNumber: `10${uniqueSuffix(10).replace(/[a-f]/g, '7')}`,
        bankName: 'Dutch-Bangla Bank',
        confirmedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('bank insert');
    return row.id;
  }

  return { expectLedgerOk, key, player, channel, balanceOf, operator, fundedPlayer, depositApproved, bindBank };
}

/** A suite's cashier site: opened before its tests, closed after. */
export function useCashierSite(assign: (site: Awaited<ReturnType<typeof openCashierSite>>) => void): void {
  let opened: Awaited<ReturnType<typeof openCashierSite>> | undefined;
  beforeAll(async () => {
    opened = await openCashierSite();
    assign(opened);
  }, 60_000);
  afterAll(async () => {
    await opened?.t.close();
  });
}
