import { PROMOTION_KIND_PATHS, raffleClaimResponse, raffleListResponse } from '@kismat/contracts/promotion-kinds';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/promotions';
import type { TestApp } from '../../test/build-test-app';
import type { TestMerchant } from '../../test/factories';
import { depositFact, expectLedgerClean, insertPromotion, memberWithSession, validBetFact } from '../../test/promotion-campaigns-test-kit';
import { useShop } from '../../test/shop-fixture';
import { getMemberBalances } from '../wallet/get-member-balances';

describe('MCS2_claimRafflePromotion: once per period when eligible, refused clearly otherwise', () => {
  let t: TestApp;
  let shop: TestMerchant;
  useShop((fixture) => {
    ({ t, shop } = fixture);
  });

  it('refuses until today qualifies, pays once per day, then says claimed (EN, BN, SW)', async () => {
    const raffle = await insertPromotion(t.app.db, shop.merchant.id, {
      kind: 'RAFFLE',
      reward: { kind: 'FIXED', amount: '1777' },
      limitPeriod: 'DAY',
      perMemberLimit: 1,
      config: { eligibility: { depositAtLeast: '200', validBetAtLeast: '300' } },
    });
    const alice = await memberWithSession(t.app, shop);
    const claim = (client = alice.client, language?: string) =>
      client.call('POST', PROMOTION_KIND_PATHS.raffle, {
        token: alice.token,
        body: { promotionId: raffle.id },
        ...(language ? { headers: { language } } : {}),
      });
    const list = async () =>
      raffleListResponse.parse((await alice.client.call('GET', PROMOTION_KIND_PATHS.raffle, { token: alice.token })).json()).value.list;

    expect(await list()).toEqual([
      expect.objectContaining({
        promotionId: raffle.id,
        amount: '17.77',
        isEligible: false,
        isClaimed: false,
        need: { deposit: '200.00', validBet: '300.00' },
      }),
    ]);
    const refused = await claim();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RAFFLE_NOT_ELIGIBLE',
      message: 'You are not eligible for this reward yet',
      value: { need: { deposit: '200.00', validBet: '300.00' } },
    });
    expect((await claim(alice.client, 'BN')).json().message).toBe('আপনি এখনও এই পুরস্কারের যোগ্য নন');
    expect((await claim(alice.client, 'SW')).json().message).toBe('Bado hustahili zawadi hii');

    await depositFact(t.app, shop.merchant.id, alice.member.id, 200_00n);
    expect((await claim()).json().value).toEqual({ need: { deposit: '0.00', validBet: '300.00' } });
    await validBetFact(t.app, shop.merchant.id, alice.member.id, 300_00n);

    // A double tap: one pays, the other is told it was claimed.
    const [first, second] = await Promise.all([claim(), claim()]);
    const codes = [first?.json().code, second?.json().code].sort();
    expect(codes).toEqual(['OK', 'RAFFLE_ALREADY_CLAIMED']);
    const paid = [first, second].find((response) => response?.json().code === 'OK');
    expect(raffleClaimResponse.parse(paid?.json()).value).toMatchObject({ promotionId: raffle.id, amount: '17.77' });
    expect((await claim()).json()).toMatchObject({
      code: 'RAFFLE_ALREADY_CLAIMED',
      message: 'You have already claimed this reward for this period',
    });
    expect((await list())[0]).toMatchObject({ isEligible: true, isClaimed: true });
    expect((await getMemberBalances(t.app.db, { merchantId: shop.merchant.id, memberId: alice.member.id })).cash).toBe(1777n);
    await expectLedgerClean(t.app.db);
  });

  it('is refused when the raffle is not live, and without a session', async () => {
    const raffle = await insertPromotion(t.app.db, shop.merchant.id, {
      kind: 'RAFFLE',
      reward: { kind: 'FIXED', amount: '500' },
      limitPeriod: 'DAY',
      config: {},
    });
    const bob = await memberWithSession(t.app, shop);
    await t.app.db.update(promotions).set({ status: 'PAUSED' }).where(eq(promotions.id, raffle.id));
    const paused = await bob.client.call('POST', PROMOTION_KIND_PATHS.raffle, { token: bob.token, body: { promotionId: raffle.id } });
    expect(paused.json()).toMatchObject({ code: 'PROMOTION_NOT_AVAILABLE' });
    expect((await bob.client.call('POST', PROMOTION_KIND_PATHS.raffle, { body: { promotionId: raffle.id } })).statusCode).toBe(401);
    await t.app.db.update(promotions).set({ status: 'LIVE' }).where(eq(promotions.id, raffle.id));
    // No eligibility rule: any member may claim; without a body the first live raffle is claimed.
    const open = await bob.client.call('POST', PROMOTION_KIND_PATHS.raffle, { token: bob.token, body: { promotionId: raffle.id } });
    expect(open.json()).toMatchObject({ code: 'OK', value: { amount: '5.00' } });
    expect((await getMemberBalances(t.app.db, { merchantId: shop.merchant.id, memberId: bob.member.id })).cash).toBe(500n);
    await expectLedgerClean(t.app.db);
  });
});
