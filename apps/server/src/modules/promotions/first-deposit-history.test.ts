import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { OPERATOR_PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { factQueue } from '../../db/schema/facts';
import { promotionAwards, turnoverRequirements } from '../../db/schema/promotions';
import type { TestApp } from '../../test/build-test-app';
import { channelOf, sendSandboxCallback } from '../../test/cashier-acceptance-support';
import { type TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { useSandboxShop } from '../../test/shop-fixture';
import { verifyLedger } from '../wallet/verify-ledger';

/*
 * "First deposit" is the cashier's history, not what the turnover engine happened to see as facts:
 * a member who deposited before promotions existed (a real site upgrading: no DEPOSIT fact was
 * ever recorded for those deposits) or whose deposits were seeded gets no first-deposit bonus on
 * a later deposit (the engine asks the cashier's face through the registry's port).
 */

const OPERATOR_TOKEN = 'operator-token-for-first-deposit-history';
const operatorHeaders = { authorization: `Bearer ${OPERATOR_TOKEN}` };

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

const player = useSandboxShop(
  (fixture) => {
    ({ t, shop: site, client } = fixture);
  },
  { suite: 'first-deposit', operatorToken: OPERATOR_TOKEN, language: 'EN' },
);

const operator = (method: 'POST' | 'PUT', url: string, body: unknown) => client.call(method, url, { headers: operatorHeaders, body });

async function order(token: string, amount: string): Promise<number> {
  const channel = await channelOf(t.app.db, site.merchant.id, 'sandbox');
  const answer = await client.call('POST', CASHIER_PATHS.deposits, {
    token,
    body: { channelId: channel.id, amount, idempotencyKey: `dep-${uniqueSuffix(12)}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().value.id as number;
}

/** The provider's signed `paid` callback: the deposit is credited to the member's cash. */
async function pay(depositId: number) {
  const answer = await sendSandboxCallback(t.app, depositId);
  expect(answer.statusCode, answer.body).toBe(200);
}

const awardsOf = (memberId: number) => t.app.db.select().from(promotionAwards).where(eq(promotionAwards.memberId, memberId));

describe('the first deposit is the first credited deposit in the cashier', () => {
  beforeAll(async () => {
    await operator('PUT', OPERATOR_PROMOTION_PATHS.settings, { merchant: site.merchant.code, depositTurnoverBp: 10_000 });
    const created = await operator('POST', OPERATOR_PROMOTION_PATHS.create, {
      merchant: site.merchant.code,
      kind: 'FIRST_DEPOSIT',
      title: { BN: 'প্রথম জমায় ৭০% বোনাস', EN: '70% first deposit bonus', SW: 'Bonasi ya 70% ya amana ya kwanza' },
      body: { BN: 'বিবরণ', EN: 'Details', SW: 'Maelezo' },
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      claimMode: 'AUTOMATIC',
      reward: { kind: 'PERCENT', percentBp: 7000, cap: '7000.00' },
      minDeposit: '100.00',
      turnoverMultipleBp: 10_000,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as number;
    const published = await operator(
      'POST',
      `${OPERATOR_PROMOTION_PATHS.publish.replace(':id', String(id))}?merchant=${site.merchant.code}`,
      {},
    );
    expect(published.statusCode, published.body).toBe(200);
  });

  it('pays no first-deposit bonus to a member whose earlier deposit was credited before promotions saw deposits', async () => {
    const member = await player();
    // Before the upgrade: the deposit is credited, but no engine ever sees it (no fact then).
    const before = await order(member.token, '300.00');
    await pay(before);
    await t.app.db.delete(factQueue).where(and(eq(factQueue.kind, 'DEPOSIT'), eq(factQueue.sourceId, before)));

    const after = await order(member.token, '500.00');
    await pay(after);
    await drainFacts(t.app);

    expect(await awardsOf(member.member.id)).toEqual([]);
    // The later deposit still carries its own 1x turnover, and nothing else.
    const requirements = await t.app.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, member.member.id));
    expect(requirements.map((row) => [row.source, row.sourceId, row.required])).toEqual([['DEPOSIT', after, 50_000n]]);
    const verdict = await verifyLedger(t.app.db);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
  }, 60_000);

  it('still pays a new member their first deposit bonus once', async () => {
    const member = await player();
    const first = await order(member.token, '500.00');
    await pay(first);
    await drainFacts(t.app);
    expect((await awardsOf(member.member.id)).map((award) => award.amount)).toEqual([35_000n]);
  }, 60_000);
});
