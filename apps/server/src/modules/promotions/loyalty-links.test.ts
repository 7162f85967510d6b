import { describe, expect, it } from 'vitest';
import type { PromotionRow } from '../../db/schema/promotions';
import { vipMembers } from '../../db/schema/vip';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestMerchant } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { addTurnoverRequirement } from './add-turnover-requirement';
import { isInAudience } from './check-audience';
import { membersPayingOffPromotion } from './members-paying-off-promotion';

/*
 * What promotions answers the loyalty engines and the VIP programme: which members are paying
 * off a bonus now (the rebates' "no rebate on promotion play" option), and a VIP-levels
 * audience that reads the member's real VIP rank (it counted everyone as level 0 before).
 */

let t: TestApp;
let site: TestMerchant;

useShop((fixture) => {
  ({ t, shop: site } = fixture);
});

const requirement = (memberId: number, source: 'PROMOTION' | 'DEPOSIT', sourceId: number) => ({
  merchantId: site.merchant.id,
  memberId,
  source,
  sourceId,
  awardId: null,
  promotionId: null,
  amountBasis: 10_000n,
  required: 10_000n,
  maxBet: null,
  contributions: {},
  expiresAt: null,
  now: new Date(),
});

describe('members paying off a promotion', () => {
  it('names only members with an ACTIVE bonus requirement, not a deposit 1x', async () => {
    const bonus = await createMember(t.app.db, site.merchant.id);
    const deposit = await createMember(t.app.db, site.merchant.id);
    const none = await createMember(t.app.db, site.merchant.id);
    await t.app.db.transaction(async (tx) => {
      await addTurnoverRequirement(tx, requirement(bonus.member.id, 'PROMOTION', 900_001));
      await addTurnoverRequirement(tx, requirement(deposit.member.id, 'DEPOSIT', 900_002));
    });
    const paying = await membersPayingOffPromotion(t.app.db, [bonus.member.id, deposit.member.id, none.member.id]);
    expect([...paying]).toEqual([bonus.member.id]);
    expect((await membersPayingOffPromotion(t.app.db, [])).size).toBe(0);
  });
});

describe('VIP-levels audience', () => {
  it('follows the member’s VIP rank', async () => {
    const { member } = await createMember(t.app.db, site.merchant.id);
    const promotion = { merchantId: site.merchant.id, audience: { kind: 'VIP_LEVELS', levels: [2, 3] } } as unknown as PromotionRow;
    expect(await isInAudience(t.app.db, promotion, member, new Date())).toBe(false);
    await t.app.db.insert(vipMembers).values({ memberId: member.id, merchantId: site.merchant.id, rank: 2 });
    expect(await isInAudience(t.app.db, promotion, member, new Date())).toBe(true);
    const rankZero = { ...promotion, audience: { kind: 'VIP_LEVELS', levels: [0] } } as unknown as PromotionRow;
    expect(await isInAudience(t.app.db, rankZero, member, new Date())).toBe(false);
  });
});
