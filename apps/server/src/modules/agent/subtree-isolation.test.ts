import { AGENT_PATHS, CONTRACT_RELAY_PATHS } from '@kismat/contracts/agent';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContracts, agentInvitations } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { Merchant } from '../../platform/merchant';
import { rowsOf } from '../../platform/sql-values';
import { fundCash } from '../../test/agent-test-fixture';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, uniqueSuffix } from '../../test/factories';
import { createInvitation } from './manage-invitations';

/*
 * Property: over random trees, no agent can read or touch anything outside its own subtree
 * through any agent route that names a member, a contract or an invitation. Outside members
 * (other branches, its own upline, another merchant's members) answer exactly like ids that do
 * not exist, nothing outside moves, and every list an agent reads holds its subtree and only it.
 */

let t: TestApp;
/** A member of another merchant: an agent must not reach it either. */
let foreign: MemberRow;
const MISSING_ID = 2_000_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  const other = await createMerchant(t.app.db);
  foreign = (await createMember(t.app.db, other.merchant.id, { type: MEMBER_TYPE.AGENT_1 })).member;
});
afterAll(async () => t?.close());

/** A small deterministic PRNG so a failing tree can be rebuilt from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const AGENT_TYPES = [MEMBER_TYPE.AGENT_1, MEMBER_TYPE.AGENT_2, MEMBER_TYPE.AGENT_41, MEMBER_TYPE.AGENT_42];
let loginCount = 0;

interface Node {
  member: MemberRow;
  password: string;
  parent: number | null;
}

/**
 * A random forest of `count` members: a few roots, then each member under a random earlier one,
 * biased towards recent members so branches get deep (up to ~8 levels), 60% agents.
 */
async function randomForest(merchant: Merchant, seed: number, count: number): Promise<Node[]> {
  const next = random(seed);
  const nodes: Node[] = [];
  for (let index = 0; index < count; index += 1) {
    const isRoot = index < 2 || next() < 0.1;
    const parentIndex = isRoot ? null : next() < 0.6 ? Math.max(0, index - 1 - Math.floor(next() * 3)) : Math.floor(next() * index);
    const parent = parentIndex === null ? null : (nodes[parentIndex] ?? null);
    const isAgent = next() < 0.6;
    const type = isAgent ? (AGENT_TYPES[Math.floor(next() * AGENT_TYPES.length)] ?? 1) : MEMBER_TYPE.MEMBER;
    const password = `Pw${uniqueSuffix(8)}!`;
    const { member } = await createMember(t.app.db, merchant.id, {
      type,
      uplineId: parent?.member.id ?? null,
      password,
      paymentPassword: '123456',
    });
    nodes.push({ member, password, parent: parent?.member.id ?? null });
  }
  return nodes;
}

function descendantsOf(nodes: readonly Node[], rootId: number): Set<number> {
  const found = new Set<number>();
  let frontier = [rootId];
  while (frontier.length > 0) {
    const children = nodes.filter((node) => node.parent !== null && frontier.includes(node.parent)).map((node) => node.member.id);
    for (const child of children) found.add(child);
    frontier = children;
  }
  return found;
}

async function ledgerFingerprint(): Promise<string> {
  const [row] = rowsOf<{ digest: string }>(
    await t.app.db.execute(
      sql`SELECT md5(coalesce(string_agg(id || ':' || balance || ':' || held, ',' ORDER BY id), '')) || ':' ||
            (SELECT count(*) FROM ledger_transfers) AS digest FROM ledger_accounts`,
    ),
  );
  return row?.digest ?? '';
}

describe('agent subtree isolation', () => {
  for (const seed of [7, 1234, 99991, 424242]) {
    it(`holds on random tree ${seed}`, async () => {
      const site = await createMerchant(t.app.db);
      const client = new TestClient(t.app, site.host);
      const nodes = await randomForest(site.merchant, seed, 16);
      const ids = nodes.map((node) => node.member.id);
      const agents = nodes.filter((node) => (AGENT_TYPES as readonly number[]).includes(node.member.type));
      expect(agents.length).toBeGreaterThan(2);

      // Things outside any one agent's reach: a platform contract and an invitation of each agent.
      const ctx = { db: t.app.db, now: new Date(), merchant: site.merchant };
      const contractOf = new Map<number, number>();
      const invitationOf = new Map<number, number>();
      for (const agent of agents) {
        // Written directly: this test is about reach, not about who may offer what to whom.
        const [contract] = await t.app.db
          .insert(agentContracts)
          .values({
            merchantId: site.merchant.id,
            type: 'DAILY_SALARY',
            status: 'PENDING',
            offererId: null,
            memberId: agent.member.id,
            period: 'DAILY',
            basis: 'VALID_BET',
            tiers: [{ minValidBet: '0', minActiveMembers: 0, rateBps: 50, fixedAmount: null }],
            maxRateBps: 50,
            offeredAt: ctx.now,
          })
          .returning();
        contractOf.set(agent.member.id, contract?.id ?? 0);
        const invitation = await createInvitation(ctx, 'https://kismat.test', agent.member, { memberType: MEMBER_TYPE.MEMBER });
        invitationOf.set(agent.member.id, invitation.id);
      }

      for (const agent of agents.slice(0, 6)) {
        loginCount += 1;
        const token = await client.login(agent.member.username, agent.password, { ip: `203.0.113.${loginCount % 250}` });
        const inside = descendantsOf(nodes, agent.member.id);
        const outside = [...ids.filter((id) => id !== agent.member.id && !inside.has(id)), foreign.id];

        // Every list the agent reads holds its subtree and only it.
        const listed = await client.call('GET', AGENT_PATHS.downlines, { token, query: { pageSize: '100' } });
        expect(listed.statusCode, listed.body).toBe(200);
        expect(new Set((listed.json().value.items as { memberId: number }[]).map((item) => item.memberId))).toEqual(inside);
        const report = await client.call('GET', AGENT_PATHS.profitLossReport, { token, query: { pageSize: '100' } });
        expect(report.statusCode, report.body).toBe(200);
        for (const item of report.json().value.items as { memberId: number }[]) expect(inside.has(item.memberId)).toBe(true);
        for (const id of [...inside].slice(0, 3)) {
          const under = await client.call('GET', AGENT_PATHS.downlines, { token, query: { underId: String(id), pageSize: '100' } });
          expect(under.statusCode, under.body).toBe(200);
          const expected = descendantsOf(nodes, id);
          expect(new Set((under.json().value.items as { memberId: number }[]).map((item) => item.memberId))).toEqual(expected);
          const detail = await client.call('GET', AGENT_PATHS.downline.replace(':memberId', String(id)), { token });
          expect(detail.statusCode, detail.body).toBe(200);
        }

        // Every call naming an outside member answers like a missing one, and moves nothing.
        await fundCash(t.app.db, site.merchant, agent.member, '100.00');
        const before = await ledgerFingerprint();
        const calls = (id: number) => [
          client.call('GET', AGENT_PATHS.downline.replace(':memberId', String(id)), { token }),
          client.call('GET', AGENT_PATHS.downlines, { token, query: { underId: String(id) } }),
          client.call('GET', AGENT_PATHS.profitLossReport, { token, query: { underId: String(id) } }),
          client.call('GET', AGENT_PATHS.downlineTransactions, { token, query: { memberId: String(id) } }),
          client.call('POST', AGENT_PATHS.offeredContracts, {
            token,
            body: { memberId: id, type: 'DAILY_SALARY', terms: { tiers: [{ minValidBet: '0.00', minActiveMembers: 0, rateBps: 1 }] } },
          }),
          client.call('POST', AGENT_PATHS.downlineTransfer.replace(':memberId', String(id)), {
            token,
            body: { amount: '1.00', paymentPassword: '123456', idempotencyKey: `iso-${uniqueSuffix(12)}` },
          }),
        ];
        const missing = (await Promise.all(calls(MISSING_ID))).map((response) => [response.statusCode, response.json().code]);
        expect(missing.every(([status, code]) => status === 403 && code === 'NOT_IN_TEAM')).toBe(true);
        for (const id of outside) {
          const answers = (await Promise.all(calls(id))).map((response) => [response.statusCode, response.json().code]);
          expect(answers, `agent ${agent.member.id} -> member ${id}`).toEqual(missing);
        }
        expect(await ledgerFingerprint()).toBe(before);

        // Contracts and invitations of others: not found, and unchanged.
        for (const other of agents.filter((node) => node !== agent)) {
          const contractId = contractOf.get(other.member.id) ?? 0;
          const terminated = await client.call('POST', AGENT_PATHS.terminateOfferedContract.replace(':id', String(contractId)), { token });
          expect([terminated.statusCode, terminated.json().code]).toEqual([404, 'CONTRACT_NOT_FOUND']);
          const invitationId = invitationOf.get(other.member.id) ?? 0;
          const disabled = await client.call('POST', AGENT_PATHS.invitationDisable.replace(':id', String(invitationId)), { token });
          expect(disabled.json().code).toBe('INVITATION_NOT_FOUND');
          const relay = await client.call('POST', CONTRACT_RELAY_PATHS.DAILY_SALARY, { token, body: { action: 'accept', contractId } });
          expect(relay.json().code).toBe('CONTRACT_NOT_FOUND');
        }
        const offered = await client.call('GET', AGENT_PATHS.offeredContracts, { token, query: { pageSize: '100' } });
        expect(offered.json().value.items).toEqual([]);
        const invitations = await client.call('GET', AGENT_PATHS.invitations, { token, query: { pageSize: '100' } });
        expect((invitations.json().value.items as { id: number }[]).map((item) => item.id)).toEqual([invitationOf.get(agent.member.id)]);
      }
      const contracts = await t.app.db.select().from(agentContracts).where(eq(agentContracts.merchantId, site.merchant.id));
      expect(contracts.every((contract) => contract.status === 'PENDING')).toBe(true);
      const invitations = await t.app.db.select().from(agentInvitations).where(eq(agentInvitations.merchantId, site.merchant.id));
      expect(invitations.every((invitation) => invitation.isActive)).toBe(true);
    }, 120_000);
  }

  it('players cannot open the agent centre, and relays only show the caller its own contracts', async () => {
    const site = await createMerchant(t.app.db);
    const client = new TestClient(t.app, site.host);
    const { member, password } = await createMember(t.app.db, site.merchant.id);
    const token = await client.login(member.username, password ?? '', { ip: '203.0.113.251' });
    expect((await client.call('GET', AGENT_PATHS.home, { token })).json().code).toBe('AGENT_ONLY');
    const relay = await client.call('POST', CONTRACT_RELAY_PATHS.DIVIDEND, { token, body: { action: 'accept', contractId: 999999 } });
    expect(relay.json().code).toBe('CONTRACT_NOT_FOUND');
  });
});
