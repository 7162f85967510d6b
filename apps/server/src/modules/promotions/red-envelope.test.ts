import { createHash } from 'node:crypto';
import { PROMOTION_KIND_PATHS, redEnvelopeDrawResponse, redEnvelopeStateResponse } from '@kismat/contracts/promotion-kinds';
import { parseAmount } from '@kismat/contracts/wallet';
import { verifyRedEnvelopeDraw } from '@kismat/game-math/promotions/red-envelope';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import type { TestMerchant } from '../../test/factories';
import { depositFact, expectLedgerClean, insertPromotion, memberWithSession, validBetFact } from '../../test/promotion-campaigns-test-kit';
import { useShop } from '../../test/shop-fixture';
import { getMemberBalances } from '../wallet/get-member-balances';

const path = (template: string, promotionId: number) => template.replace(':promotionId', String(promotionId));
let keySequence = 0;
const drawBody = (clientSeed = 'browser-seed-1') => ({ clientSeed, idempotencyKey: `draw-key-${Date.now()}-${++keySequence}` });

describe('red envelope: chances from the day, a provably fair draw, stock per period', () => {
  let t: TestApp;
  let shop: TestMerchant;
  useShop((fixture) => {
    ({ t, shop } = fixture);
  });

  it('earns chances by deposit and valid bet tiers, draws against the published commitment, pays the prize once per key', async () => {
    const promotion = await insertPromotion(t.app.db, shop.merchant.id, {
      kind: 'RED_ENVELOPE',
      reward: {
        kind: 'PRIZE_TABLE',
        prizes: [
          { amount: '777700', weight: 1, stockPerPeriod: 1 },
          { amount: '5000', weight: 30, stockPerPeriod: 100 },
          { amount: '300', weight: 69, stockPerPeriod: null },
        ],
      },
      config: {
        tiers: [
          { depositAtLeast: '500', chances: 1 },
          { validBetAtLeast: '1000', chances: 2 },
        ],
      },
    });
    const alice = await memberWithSession(t.app, shop);
    const state = async () =>
      redEnvelopeStateResponse.parse(
        (await alice.client.call('GET', path(PROMOTION_KIND_PATHS.redEnvelope, promotion.id), { token: alice.token })).json(),
      ).value;

    const before = await state();
    expect(before.chances).toEqual({ earned: 0, used: 0, left: 0 });
    expect(before.maxPrize).toBe('7777.00');
    expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);
    const noChance = await alice.client.call('POST', path(PROMOTION_KIND_PATHS.redEnvelopeDraw, promotion.id), {
      token: alice.token,
      body: drawBody(),
    });
    expect(noChance.statusCode).toBe(409);
    expect(noChance.json()).toMatchObject({ code: 'RED_ENVELOPE_NO_CHANCES', value: { earned: 0, used: 0 } });

    await depositFact(t.app, shop.merchant.id, alice.member.id, 500_00n);
    await validBetFact(t.app, shop.merchant.id, alice.member.id, 999_99n);
    expect((await state()).chances).toEqual({ earned: 1, used: 0, left: 1 });
    await validBetFact(t.app, shop.merchant.id, alice.member.id, 1n);
    const ready = await state();
    expect(ready.chances).toEqual({ earned: 3, used: 0, left: 3 });
    expect(ready.tiers.map((tier) => tier.isMet)).toEqual([true, true]);

    const body = drawBody('my-own-client-seed');
    const response = await alice.client.call('POST', path(PROMOTION_KIND_PATHS.redEnvelopeDraw, promotion.id), {
      token: alice.token,
      body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const draw = redEnvelopeDrawResponse.parse(response.json()).value;
    // The seed revealed is the one whose hash was shown before the client seed was sent.
    expect(draw.commitment).toBe(ready.commitment);
    expect(createHash('sha256').update(Buffer.from(draw.serverSeed, 'hex')).digest('hex')).toBe(ready.commitment);
    expect(draw.clientSeed).toBe('my-own-client-seed');
    const verified = verifyRedEnvelopeDraw({
      serverSeedHex: draw.serverSeed,
      commitmentHex: ready.commitment,
      clientSeed: draw.clientSeed,
      nonce: draw.nonce,
      weights: draw.weights,
    });
    expect(verified.ok && verified.isCommitmentValid).toBe(true);
    if (!verified.ok) throw new Error('not verified');
    expect(verified.pick).toEqual({ roll: draw.roll, totalWeight: 100, prizeIndex: draw.pickedIndex });
    expect(draw.amount).toBe(['7777.00', '50.00', '3.00'][draw.prizeIndex]);
    expect(draw.nextCommitment).not.toBe(ready.commitment);

    // The same key answers the first draw and pays nothing more.
    const replay = await alice.client.call('POST', path(PROMOTION_KIND_PATHS.redEnvelopeDraw, promotion.id), { token: alice.token, body });
    expect(redEnvelopeDrawResponse.parse(replay.json()).value.id).toBe(draw.id);
    const balances = await getMemberBalances(t.app.db, { merchantId: shop.merchant.id, memberId: alice.member.id });
    expect(balances.cash).toBe(parseAmount(draw.amount));
    const after = await state();
    expect(after.chances).toEqual({ earned: 3, used: 1, left: 2 });
    expect(after.commitment).toBe(draw.nextCommitment);
    expect(after.nextNonce).toBe(draw.nonce + 1);

    // History and the public verify call show the same draw with its seed.
    const history = await alice.client.call('GET', path(PROMOTION_KIND_PATHS.redEnvelopeDraws, promotion.id), { token: alice.token });
    expect(history.json().value).toMatchObject({ total: 1, list: [{ id: draw.id, serverSeed: draw.serverSeed }] });
    const publicVerify = await alice.client.call('GET', PROMOTION_KIND_PATHS.redEnvelopeVerify.replace(':drawId', String(draw.id)));
    expect(publicVerify.json().value).toMatchObject({ id: draw.id, serverSeed: draw.serverSeed, commitment: ready.commitment });
    await expectLedgerClean(t.app.db);
  });

  it('never draws a stocked prize more often than its stock under 30 parallel draws; the rest fall back to the smallest', async () => {
    const promotion = await insertPromotion(t.app.db, shop.merchant.id, {
      kind: 'RED_ENVELOPE',
      // Nearly every roll lands on the 7,777 line, which has 2 in stock today.
      reward: {
        kind: 'PRIZE_TABLE',
        prizes: [
          { amount: '777700', weight: 1_000_000, stockPerPeriod: 2 },
          { amount: '100', weight: 1, stockPerPeriod: null },
        ],
      },
      config: { tiers: [{ depositAtLeast: '100', chances: 1 }] },
    });
    const members = await Promise.all(Array.from({ length: 30 }, () => memberWithSession(t.app, shop)));
    for (const member of members) await depositFact(t.app, shop.merchant.id, member.member.id, 100_00n);
    const responses = await Promise.all(
      members.map((member) =>
        member.client.call('POST', path(PROMOTION_KIND_PATHS.redEnvelopeDraw, promotion.id), {
          token: member.token,
          body: drawBody(`seed-${member.member.id}`),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const draws = responses.map((response) => redEnvelopeDrawResponse.parse(response.json()).value);
    expect(draws.filter((draw) => draw.amount === '7777.00')).toHaveLength(2);
    const fallbacks = draws.filter((draw) => draw.amount === '1.00');
    expect(fallbacks).toHaveLength(28);
    // A fallback says it was out of stock (or was the 1-in-a-million pick of the small line).
    expect(fallbacks.every((draw) => draw.isStockOut || draw.pickedIndex === 1)).toBe(true);
    const state = redEnvelopeStateResponse.parse(
      (await members[0]!.client.call('GET', path(PROMOTION_KIND_PATHS.redEnvelope, promotion.id), { token: members[0]!.token })).json(),
    ).value;
    expect(state.prizes[0]?.stockLeft).toBe(0);
    await expectLedgerClean(t.app.db);
  }, 120_000);

  it('spends one chance once when a member taps draw ten times at once with ten keys', async () => {
    const promotion = await insertPromotion(t.app.db, shop.merchant.id, {
      kind: 'RED_ENVELOPE',
      reward: { kind: 'PRIZE_TABLE', prizes: [{ amount: '100', weight: 1, stockPerPeriod: null }] },
      config: { tiers: [{ depositAtLeast: '100', chances: 1 }] },
    });
    const carol = await memberWithSession(t.app, shop);
    await depositFact(t.app, shop.merchant.id, carol.member.id, 100_00n);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        carol.client.call('POST', path(PROMOTION_KIND_PATHS.redEnvelopeDraw, promotion.id), {
          token: carol.token,
          body: drawBody(`tap-${index}`),
        }),
      ),
    );
    const codes = responses.map((response) => response.json().code);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'RED_ENVELOPE_NO_CHANCES')).toHaveLength(9);
    expect((await getMemberBalances(t.app.db, { merchantId: shop.merchant.id, memberId: carol.member.id })).cash).toBe(100n);
    await expectLedgerClean(t.app.db);
  });

  it('refuses a paused promotion and a trial-free draw in the member language', async () => {
    const paused = await insertPromotion(t.app.db, shop.merchant.id, {
      kind: 'RED_ENVELOPE',
      status: 'PAUSED',
      reward: { kind: 'PRIZE_TABLE', prizes: [{ amount: '100', weight: 1, stockPerPeriod: null }] },
      config: { tiers: [{ depositAtLeast: '1', chances: 1 }] },
    });
    const bob = await memberWithSession(t.app, shop, 'BN');
    const response = await bob.client.call('POST', path(PROMOTION_KIND_PATHS.redEnvelopeDraw, paused.id), {
      token: bob.token,
      body: drawBody(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PROMOTION_NOT_AVAILABLE', message: 'এই প্রোমোশনটি এখন চালু নেই' });
    const anonymous = await bob.client.call('POST', path(PROMOTION_KIND_PATHS.redEnvelopeDraw, paused.id), { body: drawBody() });
    expect(anonymous.statusCode).toBe(401);
  });
});
