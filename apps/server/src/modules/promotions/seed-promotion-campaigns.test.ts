import {
  PROMOTION_KIND_PATHS,
  raffleListResponse,
  redEnvelopeStateResponse,
  referralStateResponse,
} from '@kismat/contracts/promotion-kinds';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/promotions';
import { seedDatabase } from '../../seed/seed';
import type { TestApp } from '../../test/build-test-app';
import { createMember, TestClient, uniqueIp } from '../../test/factories';
import { depositFact, expectLedgerClean, validBetFact } from '../../test/promotion-campaigns-test-kit';
import { useTestApp } from '../../test/shop-fixture';
import { defaultMerchant } from '../../test/vendor-test-kit';

describe('demo seed: every advertised promotion kind is live and a new member can take it', () => {
  let t: TestApp;
  useTestApp(async (built) => {
    t = built;
    await seedDatabase(t.app.db, { demo: true });
    // Idempotent: a second run adds no second red envelope.
    await seedDatabase(t.app.db, { demo: true });
  });

  it('draws the red envelope up to 7,777 after 1,000 of valid bets, claims the raffle after a 500 deposit, offers 377 up to 1,777 per friend', async () => {
    const { merchant, host } = await defaultMerchant(t.app);
    const live = await t.app.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.merchantId, merchant.id), eq(promotions.createdBy, 'seed:promotion-kinds')));
    expect(live.map((row) => row.kind).sort()).toEqual(['ACTIVITY', 'RAFFLE', 'RED_ENVELOPE', 'REFERRAL']);
    const redEnvelope = live.find((row) => row.kind === 'RED_ENVELOPE');
    if (!redEnvelope) throw new Error('no red envelope');

    const { member, password } = await createMember(t.app.db, merchant.id);
    const client = new TestClient(t.app, host);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    await validBetFact(t.app, merchant.id, member.id, 1000_00n);
    const url = PROMOTION_KIND_PATHS.redEnvelope.replace(':promotionId', String(redEnvelope.id));
    const state = redEnvelopeStateResponse.parse((await client.call('GET', url, { token })).json()).value;
    expect(state).toMatchObject({ maxPrize: '7777.00', chances: { earned: 1, left: 1 } });
    const draw = await client.call('POST', `${url}/draw`, { token, body: { clientSeed: 'demo-seed', idempotencyKey: 'demo-draw-0001' } });
    expect(draw.json().code, draw.body).toBe('OK');

    await depositFact(t.app, merchant.id, member.id, 500_00n);
    const raffles = raffleListResponse.parse((await client.call('GET', PROMOTION_KIND_PATHS.raffle, { token })).json()).value.list;
    expect(raffles).toEqual([expect.objectContaining({ amount: '77.00', isEligible: true, isClaimed: false })]);
    expect((await client.call('POST', PROMOTION_KIND_PATHS.raffle, { token, body: {} })).json()).toMatchObject({
      code: 'OK',
      value: { amount: '77.00' },
    });

    const referral = referralStateResponse.parse((await client.call('GET', PROMOTION_KIND_PATHS.referral, { token })).json()).value;
    expect(referral).toMatchObject({ isEnabled: true, rewardAmount: '377.00', cap: '1777.00', minDeposit: '300.00', qualifyDays: 7 });
    await expectLedgerClean(t.app.db);
  });
});
