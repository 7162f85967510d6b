import { AGENT_PATHS, CONTRACT_RELAY_PATHS } from '@kismat/contracts/agent';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../../platform/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, uniqueSuffix } from '../../test/factories';

/*
 * Property: over random trees, no agent can read or touch anything outside its own subtree
 * through any agent route that names a member. Outside members answer exactly like missing ones.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
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

describe('agent subtree isolation', () => {
  for (const seed of [7, 1234, 99991]) {
    it(`holds on random tree ${seed}`, async () => {
      const next = random(seed);
      const site = await createMerchant(t.app.db);
      const client = new TestClient(t.app, site.host);
      const nodes: { member: MemberRow; password: string; parent: number | null }[] = [];
      const count = 14;
      for (let index = 0; index < count; index += 1) {
        const parentIndex = index < 2 || next() < 0.15 ? null : Math.floor(next() * index);
        const parent = parentIndex === null ? null : (nodes[parentIndex] ?? null);
        const isAgent = next() < 0.6;
        const type = isAgent ? (AGENT_TYPES[Math.floor(next() * AGENT_TYPES.length)] ?? 1) : MEMBER_TYPE.MEMBER;
        const password = `Pw${uniqueSuffix(8)}!`;
        const { member } = await createMember(t.app.db, site.merchant.id, {
          type,
          uplineId: parent?.member.id ?? null,
          password,
          paymentPassword: '123456',
        });
        nodes.push({ member, password, parent: parent?.member.id ?? null });
      }
      const descendants = (rootId: number): Set<number> => {
        const found = new Set<number>();
        let frontier = [rootId];
        while (frontier.length > 0) {
          const children = nodes.filter((node) => node.parent !== null && frontier.includes(node.parent)).map((node) => node.member.id);
          for (const child of children) found.add(child);
          frontier = children;
        }
        return found;
      };
      const agents = nodes.filter((node) => (AGENT_TYPES as readonly number[]).includes(node.member.type));
      for (const agent of agents.slice(0, 5)) {
        const token = await client.login(agent.member.username, agent.password);
        const inside = descendants(agent.member.id);
        const outside = nodes.map((node) => node.member.id).filter((id) => id !== agent.member.id && !inside.has(id));

        const listed = await client.call('GET', AGENT_PATHS.downlines, { token, query: { pageSize: '100' } });
        expect(listed.statusCode, listed.body).toBe(200);
        const listedIds = (listed.json().value.items as { memberId: number }[]).map((item) => item.memberId);
        expect(new Set(listedIds)).toEqual(inside);

        for (const id of outside.slice(0, 6)) {
          const calls = [
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
          for (const response of await Promise.all(calls)) {
            expect(response.statusCode, response.body).toBe(403);
            expect(response.json().code).toBe('NOT_IN_TEAM');
          }
        }
        for (const id of [...inside].slice(0, 3)) {
          const response = await client.call('GET', AGENT_PATHS.downline.replace(':memberId', String(id)), { token });
          expect(response.statusCode, response.body).toBe(200);
        }
      }
    });
  }

  it('players cannot open the agent centre, and relays only show the caller its own contracts', async () => {
    const site = await createMerchant(t.app.db);
    const client = new TestClient(t.app, site.host);
    const { member, password } = await createMember(t.app.db, site.merchant.id);
    const token = await client.login(member.username, password ?? '');
    expect((await client.call('GET', AGENT_PATHS.home, { token })).json().code).toBe('AGENT_ONLY');
    const relay = await client.call('POST', CONTRACT_RELAY_PATHS.DIVIDEND, { token, body: { action: 'accept', contractId: 999999 } });
    expect(relay.json().code).toBe('CONTRACT_NOT_FOUND');
  });
});
