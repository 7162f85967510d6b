import { MEMBER_PATHS } from '@kismat/contracts/member';
import { OPERATOR_PROMOTION_KIND_PATHS, PROMOTION_KIND_PATHS, referralStateResponse } from '@kismat/contracts/promotion-kinds';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, members } from '../../db/schema/accounts';
import { operatorAuditLog } from '../../db/schema/operators';
import { referralInvites } from '../../db/schema/promotion-campaigns';
import type { TestApp } from '../../test/build-test-app';
import {
  createMember,
  createMerchant,
  hideRegistrationFields,
  TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueSuffix,
} from '../../test/factories';
import { depositFact, expectLedgerClean, insertPromotion, memberWithSession, validBetFact } from '../../test/promotion-campaigns-test-kit';
import { useShop } from '../../test/shop-fixture';
import { getMemberBalances } from '../wallet/get-member-balances';

const ROOT = 'referral-root-operator-token-0123456789';

describe('invite friends: link and code, friends qualify, 377 each up to 1,777, look-alike friends held for review', () => {
  let t: TestApp;
  let shop: TestMerchant;
  useShop(
    async (fixture) => {
      ({ t, shop } = fixture);
      await hideRegistrationFields(t.app.db, shop.merchant.id, 'mobileNum', 'captcha');
      await insertPromotion(t.app.db, shop.merchant.id, {
        kind: 'REFERRAL',
        claimMode: 'AUTOMATIC',
        reward: { kind: 'FIXED', amount: '37700' },
        perMemberLimit: 100,
        config: { cap: '1777', minDeposit: '300', minValidBet: '500', qualifyDays: 7 },
      });
    },
    { config: { OPERATOR_TOKEN: ROOT }, merchant: { flags: { REGMOBVERF3: false } } },
  );

  async function myReferral(inviter: Awaited<ReturnType<typeof memberWithSession>>, options: { ip?: string; deviceId?: string } = {}) {
    const response = await inviter.client.call('GET', PROMOTION_KIND_PATHS.referral, {
      token: inviter.token,
      ...(options.ip ? { ip: options.ip } : {}),
      ...(options.deviceId ? { headers: { 'x-device-id': options.deviceId } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return referralStateResponse.parse(response.json()).value;
  }

  /** Registers through the site's register call with the invite code; returns the new member's id. */
  async function registerFriend(
    client: Awaited<ReturnType<typeof memberWithSession>>['client'],
    code: string,
    options: { ip?: string; deviceId?: string } = {},
  ) {
    const username = `friend${uniqueSuffix(8)}`;
    const response = await client.call('PUT', '/wps/member/register', {
      body: { username, password: 'Sign-up#2025', confirmPassword: 'Sign-up#2025', acceptTerms: true, login: false, referralCode: code },
      ip: options.ip ?? uniqueIp(),
      ...(options.deviceId ? { headers: { 'x-device-id': options.deviceId } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(members)
      .where(and(eq(members.merchantId, shop.merchant.id), eq(members.username, username)));
    if (!row) throw new Error('friend not registered');
    // A friend of a member's code has no upline: agents' codes place members in a team, friends' codes do not.
    expect(row.uplineId).toBeNull();
    return row.id;
  }

  async function qualify(friendId: number) {
    await depositFact(t.app, shop.merchant.id, friendId, 300_00n);
    await validBetFact(t.app, shop.merchant.id, friendId, 500_00n);
  }

  const cashOf = async (memberId: number) => (await getMemberBalances(t.app.db, { merchantId: shop.merchant.id, memberId })).cash;

  it('pays 377 for each of four friends, the 269 left for the fifth, nothing for the sixth', async () => {
    const alice = await memberWithSession(t.app, shop);
    const state = await myReferral(alice);
    expect(state).toMatchObject({ isEnabled: true, rewardAmount: '377.00', cap: '1777.00', earned: '0.00', qualifyDays: 7, invitees: [] });
    expect(state.code).toMatch(/^[A-Z2-9]{9}$/);
    expect(state.link).toMatch(new RegExp(`/register\\?referralCode=${state.code}$`));
    // The site's invitation-code check accepts a member's code too.
    const check = await alice.client.call('GET', `/wps/agent/affiliate?code=${state.code.toLowerCase()}`);
    expect(check.json()).toMatchObject({ code: 'OK', value: { valid: true, code: state.code } });

    const friends = [];
    for (let index = 0; index < 6; index++) friends.push(await registerFriend(alice.client, state.code));
    // Registered but not yet qualified: a deposit alone is not enough.
    await depositFact(t.app, shop.merchant.id, friends[0]!, 300_00n);
    expect((await myReferral(alice)).invitees.map((invitee) => invitee.stage)).toEqual(Array(6).fill('REGISTERED'));
    expect(await cashOf(alice.member.id)).toBe(0n);

    await validBetFact(t.app, shop.merchant.id, friends[0]!, 500_00n);
    expect(await cashOf(alice.member.id)).toBe(377_00n);
    for (const friend of friends.slice(1, 4)) await qualify(friend);
    expect(await cashOf(alice.member.id)).toBe(4n * 377_00n);
    await qualify(friends[4]!);
    expect(await cashOf(alice.member.id)).toBe(1777_00n);
    await qualify(friends[5]!);
    expect(await cashOf(alice.member.id)).toBe(1777_00n);

    const after = await myReferral(alice);
    expect(after.earned).toBe('1777.00');
    // Newest first.
    expect(after.invitees.map((invitee) => [invitee.stage, invitee.amount])).toEqual([
      ['CAPPED', '0.00'],
      ['QUALIFIED', '269.00'],
      ['QUALIFIED', '377.00'],
      ['QUALIFIED', '377.00'],
      ['QUALIFIED', '377.00'],
      ['QUALIFIED', '377.00'],
    ]);
    await expectLedgerClean(t.app.db);
  }, 120_000);

  it('says availablePromo.REFERRAL.enabled in member state only while an invite-friends promotion is live', async () => {
    const alice = await memberWithSession(t.app, shop);
    const info = await alice.client.call('GET', MEMBER_PATHS.info, { token: alice.token });
    expect(info.json().value.availablePromo).toEqual({ REFERRAL: { enabled: true } });
    const quiet = await createMerchant(t.app.db);
    const dan = await memberWithSession(t.app, quiet);
    const quietInfo = await dan.client.call('GET', MEMBER_PATHS.info, { token: dan.token });
    expect(quietInfo.json().value.availablePromo).toEqual({ REFERRAL: { enabled: false } });
    expect((await myReferral(dan)).isEnabled).toBe(false);
  });

  it('holds a friend on the inviter device and network until an operator approves; a rejected one is never paid', async () => {
    const bob = await memberWithSession(t.app, shop);
    const home = uniqueIp();
    const { code } = await myReferral(bob, { ip: home, deviceId: 'bob-phone-0001' });
    const twin = await registerFriend(bob.client, code, { ip: home, deviceId: 'bob-phone-0001' });
    const neighbour = await registerFriend(bob.client, code, { ip: home });
    await qualify(twin);
    await qualify(neighbour);
    expect(await cashOf(bob.member.id)).toBe(0n);

    const operator = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      bob.client.call(method, url, { headers: { authorization: `Bearer ${ROOT}` }, ...(body === undefined ? {} : { body }) });
    const queue = (await operator('GET', `${OPERATOR_PROMOTION_KIND_PATHS.referralFlags}?status=FLAGGED`)).json().value;
    const twinFlag = queue.list.find((row: { inviteeId: number }) => row.inviteeId === twin);
    const neighbourFlag = queue.list.find((row: { inviteeId: number }) => row.inviteeId === neighbour);
    expect(twinFlag.flags.sort()).toEqual(['SELF_REFERRAL', 'SHARED_DEVICE', 'SHARED_IP']);
    expect(neighbourFlag.flags).toEqual(['SHARED_IP']);
    expect((await myReferral(bob)).invitees.map((invitee) => invitee.stage)).toEqual(['FLAGGED', 'FLAGGED']);

    // A member cannot review; a reason is required to reject.
    const asMember = await bob.client.call('POST', OPERATOR_PROMOTION_KIND_PATHS.referralApprove.replace(':id', String(twinFlag.id)), {
      token: bob.token,
    });
    expect([401, 403]).toContain(asMember.statusCode);
    expect((await operator('POST', OPERATOR_PROMOTION_KIND_PATHS.referralReject.replace(':id', String(twinFlag.id)), {})).statusCode).toBe(
      422,
    );

    const rejected = await operator('POST', OPERATOR_PROMOTION_KIND_PATHS.referralReject.replace(':id', String(twinFlag.id)), {
      reason: 'same phone as the inviter',
    });
    expect(rejected.json().value).toMatchObject({ stage: 'REJECTED', reviewNote: 'same phone as the inviter', amount: '0.00' });
    const lateApprove = await operator('POST', OPERATOR_PROMOTION_KIND_PATHS.referralApprove.replace(':id', String(twinFlag.id)));
    expect(lateApprove.json().code).toBe('CAMPAIGN_ALREADY_REVIEWED');

    const approved = await operator('POST', OPERATOR_PROMOTION_KIND_PATHS.referralApprove.replace(':id', String(neighbourFlag.id)));
    expect(approved.json().value).toMatchObject({ stage: 'QUALIFIED', amount: '377.00' });
    const again = await operator('POST', OPERATOR_PROMOTION_KIND_PATHS.referralApprove.replace(':id', String(neighbourFlag.id)));
    expect(again.json().value).toMatchObject({ stage: 'QUALIFIED', amount: '377.00' });
    expect(await cashOf(bob.member.id)).toBe(377_00n);

    const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetType, 'referral_invite'));
    expect(audit.map((row) => row.action).sort()).toEqual(['promotion.referral_approved', 'promotion.referral_rejected']);
    await expectLedgerClean(t.app.db);
  }, 120_000);

  it('flags a friend paid out to the inviter bank account or phone, and lets a friend who qualifies too late expire', async () => {
    const mobile = `17${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const { member: carol, password } = await createMember(t.app.db, shop.merchant.id, {
      mobile: { dialingCode: '+880', national: mobile },
    });
    const client = new TestClient(t.app, shop.host);
    const inviter = { member: carol, client, token: await client.login(carol.username, password ?? '', { ip: uniqueIp() }) };
    const { code } = await myReferral(inviter, { ip: uniqueIp() });
    const sharedBank = await registerFriend(client, code);
    const onPhone = await registerFriend(client, code);
    const late = await registerFriend(client, code);
    const account = `20${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    await t.app.db.insert(bankAccounts).values([
      {
        memberId: carol.id,
        merchantId: shop.merchant.id,
        accountName: 'Carol',
        accountNumber: account,
        bankName: 'BRAC Bank',
        confirmedAt: new Date(),
      },
      { memberId: sharedBank, merchantId: shop.merchant.id, accountName: 'Dan', accountNumber: account, bankName: 'Dutch-Bangla Bank' },
      { memberId: onPhone, merchantId: shop.merchant.id, accountName: 'Eve', accountNumber: `0${mobile}`, bankName: 'bKash' },
    ]);
    await qualify(sharedBank);
    await qualify(onPhone);
    // Eight days after registering, past the 7-day window: expired, never paid.
    const eightDaysOn = new Date(Date.now() + 8 * 86_400_000);
    await depositFact(t.app, shop.merchant.id, late, 300_00n, eightDaysOn);
    await validBetFact(t.app, shop.merchant.id, late, 500_00n, eightDaysOn);
    const invites = await t.app.db.select().from(referralInvites).where(eq(referralInvites.inviterId, carol.id));
    const byInvitee = new Map(invites.map((invite) => [invite.inviteeId, invite]));
    expect(byInvitee.get(sharedBank)).toMatchObject({ stage: 'FLAGGED', flags: ['SHARED_BANK_ACCOUNT'] });
    expect(byInvitee.get(onPhone)).toMatchObject({ stage: 'FLAGGED', flags: ['SHARED_PHONE'] });
    expect(byInvitee.get(late)).toMatchObject({ stage: 'EXPIRED', amount: 0n });
    expect(await cashOf(carol.id)).toBe(0n);
    await expectLedgerClean(t.app.db);
  }, 120_000);
});
