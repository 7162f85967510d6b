import { AGENT_PATHS, CONTRACT_RELAY_PATHS } from '@kismat/contracts/agent';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContracts } from '../../db/schema/agent';
import type { Merchant } from '../../platform/merchant';
import { addMember, giveContract, tier } from '../../test/agent-test-fixture';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, updateMerchant } from '../../test/factories';
import { offerContract } from './offer-contract';
import { acceptContract } from './respond-to-contract';
import { terminateContract } from './terminate-contract';

let t: TestApp;
let merchant: Merchant;
let host: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ merchant, host } = await createMerchant(t.app.db));
});
afterAll(async () => t?.close());

const ctx = () => ({ db: t.app.db, now: new Date(), merchant });
const salary = (...rates: [string, number, number][]) => ({ tiers: rates.map(([bet, active, rate]) => tier(bet, active, rate)) });
const statusOf = async (id: number) => (await t.app.db.select().from(agentContracts).where(eq(agentContracts.id, id)))[0];

describe('contract rules', () => {
  it('refuses terms above the upline at any threshold, accepts terms at or below it', async () => {
    const a = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
    const b = await addMember(t.app.db, merchant, a, MEMBER_TYPE.AGENT_2);
    await expect(offerContract(ctx(), a, { memberId: b.id, type: 'DAILY_SALARY', terms: salary(['0.00', 0, 10]) })).rejects.toMatchObject({
      code: 'CONTRACT_EXCEEDS_UPLINE',
    });
    await giveContract(ctx(), null, a, 'DAILY_SALARY', salary(['0.00', 0, 50], ['10000.00', 3, 100]));
    // 80 bp at (10000, 2): A pays only 50 there, so this tier would exceed A.
    await expect(
      offerContract(ctx(), a, { memberId: b.id, type: 'DAILY_SALARY', terms: salary(['0.00', 0, 40], ['10000.00', 2, 80]) }),
    ).rejects.toMatchObject({
      code: 'CONTRACT_EXCEEDS_UPLINE',
    });
    await expect(
      offerContract(ctx(), a, { memberId: b.id, type: 'DAILY_SALARY', terms: { basis: 'LOSS_RATE', tiers: [tier('0.00', 0, 10)] } }),
    ).rejects.toMatchObject({
      code: 'CONTRACT_EXCEEDS_UPLINE',
    });
    const offered = await offerContract(ctx(), a, {
      memberId: b.id,
      type: 'DAILY_SALARY',
      terms: salary(['0.00', 0, 50], ['10000.00', 3, 100]),
    });
    expect(offered.status).toBe('PENDING');
    await expect(offerContract(ctx(), a, { memberId: b.id, type: 'DAILY_SALARY', terms: salary(['0.00', 0, 10]) })).rejects.toMatchObject({
      code: 'CONTRACT_OFFER_PENDING',
    });
    const p = await addMember(t.app.db, merchant, b);
    await expect(offerContract(ctx(), a, { memberId: p.id, type: 'DAILY_SALARY', terms: salary(['0.00', 0, 10]) })).rejects.toMatchObject({
      code: 'NOT_DIRECT_DOWNLINE',
    });
    await expect(
      offerContract(ctx(), null, { memberId: b.id, type: 'DAILY_SALARY', terms: salary(['0.00', 0, 10]) }),
    ).rejects.toMatchObject({ code: 'CONTRACT_NOT_TOP_LEVEL' });
  });

  it('lets the downline accept, reject and terminate through the relay, with consolidated flags following', async () => {
    const client = new TestClient(t.app, host);
    const a = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
    const { member: b, password } = await createMember(t.app.db, merchant.id, { type: MEMBER_TYPE.AGENT_2, uplineId: a.id });
    await giveContract(ctx(), null, a, 'DIVIDEND', { period: 'WEEKLY', tiers: [tier('0.00', 0, 3000)] });
    const token = await client.login(b.username, password ?? '');
    const flags = async () => (await client.call('GET', '/wps/member/info/funds/consolidated', { token })).json().value;
    expect((await flags()).divtypereq).toBe(false);

    const first = await offerContract(ctx(), a, {
      memberId: b.id,
      type: 'DIVIDEND',
      terms: { period: 'WEEKLY', tiers: [tier('0.00', 0, 2000)] },
    });
    expect((await flags()).divtypereq).toBe(true);
    const rejected = await client.call('POST', CONTRACT_RELAY_PATHS.DIVIDEND, { token, body: { action: 'reject', contractId: first.id } });
    expect(rejected.json().value.contracts[0].status).toBe('REJECTED');
    expect((await flags()).divtypereq).toBe(false);

    const second = await offerContract(ctx(), a, {
      memberId: b.id,
      type: 'DIVIDEND',
      terms: { period: 'WEEKLY', tiers: [tier('0.00', 0, 2000)] },
    });
    const listed = await client.call('POST', CONTRACT_RELAY_PATHS.DIVIDEND, { token, body: { action: 'list' } });
    expect(listed.json().value.pending.map((item: { id: number }) => item.id)).toEqual([second.id]);
    // The salary relay does not see a dividend offer.
    expect(
      (await client.call('POST', CONTRACT_RELAY_PATHS.DAILY_SALARY, { token, body: { action: 'accept', contractId: second.id } })).json()
        .code,
    ).toBe('CONTRACT_NOT_FOUND');
    const accepted = await client.call('POST', CONTRACT_RELAY_PATHS.DIVIDEND, { token, body: { action: 'accept', contractId: second.id } });
    expect(accepted.json().value.active.id).toBe(second.id);
    expect((await client.call('GET', AGENT_PATHS.home, { token })).json().value.menu.dividend).toBe(true);
    const ended = await client.call('POST', CONTRACT_RELAY_PATHS.DIVIDEND, { token, body: { action: 'terminate', contractId: second.id } });
    expect(ended.json().value.contracts[0]).toMatchObject({ status: 'TERMINATED', terminationReason: 'BY_DOWNLINE' });
    expect((await flags()).divtypereq).toBe(false);

    await updateMerchant(t.app, merchant.id, { flags: { AGENTPOLICY3: false } });
    expect((await client.call('POST', CONTRACT_RELAY_PATHS.DIVIDEND, { token, body: { action: 'list' } })).json().code).toBe(
      'FEATURE_DISABLED',
    );
    await updateMerchant(t.app, merchant.id, { flags: { AGENTPOLICY3: true } });
  });

  it('auto-terminates downline contracts above lowered terms only when the agent agrees, and cascades', async () => {
    const a = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
    const b = await addMember(t.app.db, merchant, a, MEMBER_TYPE.AGENT_2);
    const c = await addMember(t.app.db, merchant, b, MEMBER_TYPE.AGENT_2);
    const d = await addMember(t.app.db, merchant, b, MEMBER_TYPE.AGENT_2);
    await giveContract(ctx(), null, a, 'REALTIME_SALARY', salary(['0.00', 0, 100]));
    const contractB = await giveContract(ctx(), a, b, 'REALTIME_SALARY', salary(['0.00', 0, 80]));
    const contractC = await giveContract(ctx(), b, c, 'REALTIME_SALARY', salary(['0.00', 0, 70]));
    const contractD = await giveContract(ctx(), b, d, 'REALTIME_SALARY', salary(['0.00', 0, 40]));
    const e = await addMember(t.app.db, merchant, c, MEMBER_TYPE.AGENT_2);
    const contractE = await giveContract(ctx(), c, e, 'REALTIME_SALARY', salary(['0.00', 0, 30]));

    const lower = await offerContract(ctx(), a, { memberId: b.id, type: 'REALTIME_SALARY', terms: salary(['0.00', 0, 50]) });
    await expect(
      acceptContract(ctx(), b, { type: 'REALTIME_SALARY', contractId: lower.id, agreeTerminateDownlines: false }),
    ).rejects.toMatchObject({
      code: 'CONTRACT_DOWNLINE_CONFLICT',
      value: { contractIds: [contractC] },
    });
    expect((await statusOf(lower.id))?.status).toBe('PENDING');
    const accepted = await acceptContract(ctx(), b, { type: 'REALTIME_SALARY', contractId: lower.id, agreeTerminateDownlines: true });
    expect(accepted.cascadedContractIds.sort()).toEqual([contractC, contractE].sort());
    expect(await statusOf(contractB)).toMatchObject({ status: 'REPLACED', replacedById: lower.id });
    expect(await statusOf(contractC)).toMatchObject({ status: 'TERMINATED', terminationReason: 'UPLINE_TERMS_LOWERED' });
    expect(await statusOf(contractE)).toMatchObject({ status: 'TERMINATED', terminationReason: 'UPLINE_CONTRACT_ENDED' });
    expect(await statusOf(contractD)).toMatchObject({ status: 'ACTIVE' });

    // The upline ends B's contract: D's (given by B) ends with it.
    const result = await terminateContract(ctx(), { kind: 'UPLINE', memberId: a.id }, lower.id);
    expect(result.contract).toMatchObject({ status: 'TERMINATED', terminationReason: 'BY_UPLINE' });
    expect(result.cascadedContractIds).toEqual([contractD]);
    // Someone else's contract looks like no contract.
    await expect(terminateContract(ctx(), { kind: 'UPLINE', memberId: c.id }, contractD)).rejects.toMatchObject({
      code: 'CONTRACT_NOT_FOUND',
    });
  });
});
