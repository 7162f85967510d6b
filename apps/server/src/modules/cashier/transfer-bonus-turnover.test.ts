import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { turnoverRequirements } from '../../db/schema/promotions';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant, uniqueIp, uniqueSuffix } from '../../test/factories';
import { fundMember } from '../../test/house-games-test-kit';
import { useShop } from '../../test/shop-fixture';
import { addTurnoverRequirement } from '../promotions/add-turnover-requirement';
import { verifyLedger } from '../wallet/verify-ledger';

/*
 * Bonus money may not leave through the tree before its turnover is played (issue 14): a member
 * holding a bonus requirement cannot send cash to the upline (who owes no turnover and could
 * withdraw it), an agent holding one cannot send it down; a deposit's own 1x does not stop an
 * agent funding the team. Fails on the code before move-member-funds asked promotions.
 */

const PAY = 'Pay@2025x';
let t: TestApp;
let site: TestMerchant;
let client: TestClient;
let nextSourceId = 1;

useShop(
  (fixture) => {
    ({ t, shop: site, client } = fixture);
  },
  { language: 'EN' },
);

async function member(options: { type?: number; uplineId?: number } = {}) {
  const created = await createMember(t.app.db, site.merchant.id, { paymentPassword: PAY, ...options });
  await fundMember(t.app.db, site.merchant, created.member.id, 100_000n);
  const token = await client.login(created.member.username, created.password ?? '', { ip: uniqueIp() });
  return { ...created, token };
}

async function requirement(memberId: number, source: 'PROMOTION' | 'DEPOSIT', required: bigint) {
  return t.app.db.transaction((tx) =>
    addTurnoverRequirement(tx, {
      merchantId: site.merchant.id,
      memberId,
      source,
      sourceId: nextSourceId++,
      awardId: null,
      promotionId: null,
      amountBasis: required,
      required,
      maxBet: null,
      contributions: {},
      expiresAt: null,
      now: new Date(),
    }),
  );
}

const send = (token: string, path: string, body: Record<string, unknown>) =>
  client.call('POST', path, { token, body: { amount: '100.00', paymentPassword: PAY, idempotencyKey: `k-${uniqueSuffix(12)}`, ...body } });

describe('tree transfers and bonus turnover', () => {
  it('refuses bonus money up or down the tree until its turnover is played; a deposit 1x does not stop an agent', async () => {
    const agent = await member({ type: MEMBER_TYPE.AGENT_1 });
    const player = await member({ uplineId: agent.member.id });

    const bonus = await requirement(player.member.id, 'PROMOTION', 50_000n);
    const up = await send(player.token, CASHIER_PATHS.transferUpline, {});
    expect(up.json().code).toBe('TURNOVER_NOT_MET');
    expect(up.json().value).toMatchObject({ left: '500.00' });

    // An agent's own deposit 1x: funding the team goes on.
    await requirement(agent.member.id, 'DEPOSIT', 100_000n);
    const down = await send(agent.token, CASHIER_PATHS.transferFund, { downlineId: player.member.id });
    expect(down.statusCode, down.body).toBe(200);
    // An agent holding a bonus: not down the tree either.
    await requirement(agent.member.id, 'PROMOTION', 10_000n);
    const bonusDown = await send(agent.token, CASHIER_PATHS.transferFund, { downlineId: player.member.id });
    expect(bonusDown.json().code).toBe('TURNOVER_NOT_MET');

    // Played off: the member's money moves again.
    await t.app.db.update(turnoverRequirements).set({ done: 50_000n, status: 'MET' }).where(eq(turnoverRequirements.id, bonus.id));
    const later = await send(player.token, CASHIER_PATHS.transferUpline, {});
    expect(later.statusCode, later.body).toBe(200);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });
});
