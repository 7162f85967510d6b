import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/accounts';
import { agentContracts, agentInvitations } from '../../db/schema/agent';
import { merchants } from '../../db/schema/merchants';
import { addMember, giveContract, tier } from '../../test/agent-test-fixture';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  ancestorsOf,
  createMember,
  createMerchant,
  hideRegistrationFields,
  TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueSuffix,
  updateMerchant,
} from '../../test/factories';
import { createInvitation, disableInvitation } from './manage-invitations';

const ORIGIN = 'https://kismat.test';

/** Registration through an agent's invitation link (register-member resolving the agent module's links). */
describe('registration through an invitation link', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    // No SMS code, no captcha, mobile hidden: only the invitation code matters here.
    shop = await createMerchant(t.app.db, { flags: { REGMOBVERF3: false, AGENTPOLICY3: true } });
    client = new TestClient(t.app, shop.host);
    await hideRegistrationFields(t.app.db, shop.merchant.id, 'mobileNum', 'captcha');
  });
  afterAll(async () => t?.close());

  const ctx = () => ({ db: t.app.db, now: new Date(), merchant: shop.merchant });
  const register = (code: string) =>
    client.call('PUT', '/wps/member/register', {
      body: {
        username: `inv${uniqueSuffix(8)}`,
        password: 'Kx7mRq2vLw',
        confirmPassword: 'Kx7mRq2vLw',
        acceptTerms: true,
        login: false,
        affiliateCode: code,
      },
      ip: uniqueIp(),
    });
  const invitationOf = async (id: number) => (await t.app.db.select().from(agentInvitations).where(eq(agentInvitations.id, id)))[0];

  it('links the member under the link agent with the link type, counts it and offers the default contract', async () => {
    const agent = await addMember(t.app.db, shop.merchant, null, MEMBER_TYPE.AGENT_1);
    await giveContract(ctx(), null, agent, 'DAILY_SALARY', { tiers: [tier('0.00', 0, 50)] });
    const link = await createInvitation(ctx(), ORIGIN, agent, {
      memberType: MEMBER_TYPE.AGENT_2,
      defaultContract: { type: 'DAILY_SALARY', terms: { tiers: [tier('0.00', 0, 30), tier('5000.00', 2, 40)] } },
    });

    const check = await client.call('GET', `/wps/agent/affiliate?code=${link.code.toLowerCase()}`, { ip: uniqueIp() });
    expect(check.json().value).toEqual({ valid: true, code: link.code, agentNickname: agent.nickname });

    const response = await register(link.code.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db.select().from(members).where(eq(members.username, response.json().value.userName));
    expect(row).toMatchObject({ uplineId: agent.id, type: MEMBER_TYPE.AGENT_2 });
    // An agent brought in by a link gets its own code to recruit with.
    expect(row?.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(await ancestorsOf(t.app.db, row?.id ?? 0)).toEqual([
      [row?.id, 0],
      [agent.id, 1],
    ]);
    expect((await invitationOf(link.id))?.registrations).toBe(1);
    const offers = await t.app.db
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.memberId, row?.id ?? 0), eq(agentContracts.type, 'DAILY_SALARY')));
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ status: 'PENDING', offererId: agent.id, invitationId: link.id, maxRateBps: 40 });
  });

  it('registers a player without an offer when the link has no contract, and still registers when the offer is refused', async () => {
    const agent = await addMember(t.app.db, shop.merchant, null, MEMBER_TYPE.AGENT_2);
    const plainLink = await createInvitation(ctx(), ORIGIN, agent, { memberType: MEMBER_TYPE.MEMBER });
    const first = await register(plainLink.code);
    expect(first.statusCode, first.body).toBe(200);
    const [player] = await t.app.db.select().from(members).where(eq(members.username, first.json().value.userName));
    expect(player).toMatchObject({ uplineId: agent.id, type: MEMBER_TYPE.MEMBER, affiliateCode: null });
    expect(
      await t.app.db
        .select()
        .from(agentContracts)
        .where(eq(agentContracts.memberId, player?.id ?? 0)),
    ).toHaveLength(0);

    // The agent's own contract ends after the link was made: the offer is refused, the sign-up is not.
    const contractId = await giveContract(ctx(), null, agent, 'DAILY_SALARY', { tiers: [tier('0.00', 0, 50)] });
    const contractLink = await createInvitation(ctx(), ORIGIN, agent, {
      memberType: MEMBER_TYPE.MEMBER,
      defaultContract: { type: 'DAILY_SALARY', terms: { tiers: [tier('0.00', 0, 20)] } },
    });
    await t.app.db.update(agentContracts).set({ status: 'TERMINATED', endedAt: new Date() }).where(eq(agentContracts.id, contractId));
    const second = await register(contractLink.code);
    expect(second.statusCode, second.body).toBe(200);
    const [late] = await t.app.db.select().from(members).where(eq(members.username, second.json().value.userName));
    expect(late?.uplineId).toBe(agent.id);
    expect(
      await t.app.db
        .select()
        .from(agentContracts)
        .where(eq(agentContracts.memberId, late?.id ?? 0)),
    ).toHaveLength(0);
    expect((await invitationOf(contractLink.id))?.registrations).toBe(1);
  });

  it('hands out links on the origin the agent uses (scheme, host and port) that register the visitor under the agent', async () => {
    const { member: agent, password } = await createMember(t.app.db, shop.merchant.id, { type: MEMBER_TYPE.AGENT_1 });
    const token = await client.login(agent.username, password ?? '', { ip: uniqueIp() });
    // The agent centre reached on a port of the merchant's host (a LAN address, a tunnel): the
    // link must lead back to that very site, not to https on the merchant's main domain.
    const onPort = { host: `${shop.host}:8080` };
    const created = await client.call('POST', '/wps/agent/invitations', {
      token,
      body: { memberType: 0 },
      headers: onPort,
      ip: uniqueIp(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const url = new URL(created.json().value.url);
    expect(url.origin).toBe(`http://${shop.host}:8080`);
    expect(url.pathname).toBe('/register');
    expect(url.searchParams.get('referralCode')).toBe(created.json().value.code);
    const listed = await client.call('GET', '/wps/agent/invitations?pageNo=1&pageSize=10', { token, headers: onPort, ip: uniqueIp() });
    expect(listed.json().value.items.map((item: { url: string }) => item.url)).toEqual([url.toString()]);
    // Proxy headers from a client are not believed without TRUST_PROXY.
    const spoofed = await client.call('GET', '/wps/agent/invitations?pageNo=1&pageSize=10', {
      token,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      ip: uniqueIp(),
    });
    expect(new URL(spoofed.json().value.items[0].url).origin).toBe(`http://${shop.host}`);

    // The site sends the link's code as referralCode (the affiliate field may be hidden).
    const response = await client.call('PUT', '/wps/member/register', {
      body: {
        username: `ref${uniqueSuffix(8)}`,
        password: 'Kx7mRq2vLw',
        confirmPassword: 'Kx7mRq2vLw',
        acceptTerms: true,
        login: false,
        referralCode: url.searchParams.get('referralCode'),
      },
      ip: uniqueIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db.select().from(members).where(eq(members.username, response.json().value.userName));
    expect(row?.uplineId).toBe(agent.id);
  });

  it("uses the merchant's publicOrigin setting when it has one, and never a non-http value", async () => {
    const own = await createMerchant(t.app.db, { flags: { AGENTPOLICY3: true } });
    const ownClient = new TestClient(t.app, own.host);
    const { member: agent, password } = await createMember(t.app.db, own.merchant.id, { type: MEMBER_TYPE.AGENT_1 });
    const token = await ownClient.login(agent.username, password ?? '', { ip: uniqueIp() });
    const linkOrigin = async () => {
      const response = await ownClient.call('POST', '/wps/agent/invitations', { token, body: { memberType: 0 }, ip: uniqueIp() });
      expect(response.statusCode, response.body).toBe(200);
      return new URL(response.json().value.url).origin;
    };
    await updateMerchant(t.app, own.merchant.id, { settings: { publicOrigin: 'https://play.kismat.example/lobby' } });
    expect(await linkOrigin()).toBe('https://play.kismat.example');
    await updateMerchant(t.app, own.merchant.id, { settings: { publicOrigin: 'javascript:alert(1)' } });
    expect(await linkOrigin()).toBe(`http://${own.host}`);
  });

  it('refuses a disabled link in the check and in registration, without counting it', async () => {
    const agent = await addMember(t.app.db, shop.merchant, null, MEMBER_TYPE.AGENT_1);
    const link = await createInvitation(ctx(), ORIGIN, agent, { memberType: MEMBER_TYPE.MEMBER });
    await disableInvitation(ctx(), ORIGIN, agent, link.id);
    const check = await client.call('GET', `/wps/agent/affiliate?code=${link.code}`, { ip: uniqueIp() });
    expect(check.statusCode).toBe(422);
    expect(check.json().code).toBe('INVALID_AFFILIATE_CODE');
    const response = await register(link.code);
    expect(response.json().code).toBe('INVALID_AFFILIATE_CODE');
    expect((await invitationOf(link.id))?.registrations).toBe(0);
  });
});

describe('invitation links behind a proxy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ config: { TRUST_PROXY: true, PUBLIC_ORIGIN: 'https://www.kismat.example' } });
  });
  afterAll(async () => t?.close());

  const linkOrigin = async (client: TestClient, merchantId: number, headers: Record<string, string>) => {
    const { member: agent, password } = await createMember(t.app.db, merchantId, { type: MEMBER_TYPE.AGENT_1 });
    const token = await client.login(agent.username, password ?? '', { ip: uniqueIp() });
    const response = await client.call('POST', '/wps/agent/invitations', { token, body: { memberType: 0 }, headers, ip: uniqueIp() });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json().value.url).origin;
  };

  it('takes the scheme and host the trusted proxy forwards', async () => {
    const shop = await createMerchant(t.app.db, { flags: { AGENTPOLICY3: true } });
    const client = new TestClient(t.app, shop.host);
    // TLS ends at the proxy, which listens on its own port; the app itself is reached over http.
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': `${shop.host}:8443` };
    expect(await linkOrigin(client, shop.merchant.id, forwarded)).toBe(`https://${shop.host}:8443`);
  });

  it('uses PUBLIC_ORIGIN for the default merchant only', async () => {
    const [defaultMerchant] = await t.app.db.select().from(merchants).where(eq(merchants.isDefault, true));
    const client = new TestClient(t.app, 'internal.lan:3000');
    expect(await linkOrigin(client, defaultMerchant?.id ?? 0, {})).toBe('https://www.kismat.example');
    const shop = await createMerchant(t.app.db, { flags: { AGENTPOLICY3: true } });
    expect(await linkOrigin(new TestClient(t.app, shop.host), shop.merchant.id, {})).toBe(`http://${shop.host}`);
  });
});
