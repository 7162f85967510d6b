import { AGENT_PATHS } from '@kismat/contracts/agent';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../../platform/auth';
import { fundCash } from '../../test/agent-test-fixture';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, uniqueIp, uniqueSuffix } from '../../test/factories';
import { countTeamSearch, decodeTeamCursor, searchTeam, type TeamCursor, teamIdsSql, usernameSql } from '../member/index';
import { listEntriesOfOwners } from '../wallet/index';

/*
 * Keyset paging of the downline list and the downline transactions (issue 16): walking the pages
 * by nextCursor yields every row of the team exactly once in the sort's order (ties on the same
 * last-login instant included), the first page carries the total and later pages none, a keyword
 * and the direct-only filter page the same way, and a malformed cursor is refused.
 */

let t: TestApp;
let client: TestClient;
let token: string;
let team: MemberRow[];
let direct: Set<number>;
let agentId: number;

type Row = { memberId: number; username: string; nickname: string; lastLoginAt: string | null };

beforeAll(async () => {
  t = await buildTestApp();
  const site = await createMerchant(t.app.db);
  const password = `Pw${uniqueSuffix(8)}!`;
  const { member: agent } = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.AGENT_1, password });
  agentId = agent.id;
  const { member: sub } = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.AGENT_2, uplineId: agent.id });
  team = [sub];
  for (let index = 0; index < 22; index += 1) {
    const name = `${index % 4 === 0 ? 'zebra' : 'pg'}${uniqueSuffix(6)}${index}`;
    const { member } = await createMember(t.app.db, site.merchant.id, { username: name, uplineId: index < 9 ? agent.id : sub.id });
    team.push(member);
  }
  direct = new Set([sub.id, ...team.slice(1, 10).map((member) => member.id)]);
  // Last logins with ties (two members on one instant) and some never logged in.
  const instant = '2026-11-20T10:00:00.123456Z';
  for (const [index, member] of team.entries()) {
    if (index % 3 === 2) continue;
    const at = index % 5 === 0 ? instant : `2026-11-${String(10 + (index % 7)).padStart(2, '0')}T08:00:00.000001Z`;
    await t.app.db.execute(sql`UPDATE members SET last_login_at = ${at}::timestamptz WHERE id = ${member.id}`);
  }
  for (const member of team) await fundCash(t.app.db, site.merchant, member, '10.00');
  client = new TestClient(t.app, site.merchant.mainDomain);
  token = await client.login(agent.username, password, { ip: uniqueIp() });
});
afterAll(async () => t?.close());

/** Every page by cursor; returns the rows in order and each page's total. */
async function walk(path: string, query: Record<string, string>) {
  const rows: Row[] = [];
  const totals: (number | null)[] = [];
  let cursor: string | null | undefined;
  for (let pages = 0; pages < 50; pages += 1) {
    const answer = await client.call('GET', path, { token, query: { ...query, ...(cursor ? { cursor } : {}) } });
    expect(answer.statusCode, answer.body).toBe(200);
    const value = answer.json().value as { items: Row[]; total: number | null; nextCursor: string | null };
    rows.push(...value.items);
    totals.push(value.total);
    cursor = value.nextCursor;
    if (!cursor) break;
  }
  return { rows, totals };
}

const byNewest = (a: MemberRow, b: MemberRow) => b.id - a.id;

describe('downline list by cursor', () => {
  it('pages the whole team newest first, each member once; the total on the first page only', async () => {
    const { rows, totals } = await walk(AGENT_PATHS.downlines, { pageSize: '5' });
    expect(rows.map((row) => row.memberId)).toEqual([...team].sort(byNewest).map((member) => member.id));
    expect(totals[0]).toBe(team.length);
    expect(totals.slice(1).every((total) => total === null)).toBe(true);
    expect(totals).toHaveLength(Math.ceil(team.length / 5));
  });

  it('pages oldest first, by username and by last login (ties and never-logged-in included)', async () => {
    const oldest = await walk(AGENT_PATHS.downlines, { pageSize: '4', sort: 'OLDEST' });
    expect(oldest.rows.map((row) => row.memberId)).toEqual([...team].sort((a, b) => a.id - b.id).map((member) => member.id));
    const byName = await walk(AGENT_PATHS.downlines, { pageSize: '4', sort: 'USERNAME' });
    expect(byName.rows.map((row) => row.username)).toEqual(team.map((member) => member.username).sort());
    const byLogin = await walk(AGENT_PATHS.downlines, { pageSize: '3', sort: 'LAST_LOGIN' });
    const stamps = byLogin.rows.map((row) => ({ id: row.memberId, at: row.lastLoginAt ? Date.parse(row.lastLoginAt) : null }));
    expect(new Set(stamps.map((stamp) => stamp.id)).size).toBe(team.length);
    for (let index = 1; index < stamps.length; index += 1) {
      const [before, after] = [stamps[index - 1], stamps[index]];
      if (!before || !after) continue;
      if (before.at === null) expect(after.at === null && after.id < before.id).toBe(true);
      else if (after.at !== null) expect(after.at < before.at || (after.at === before.at && after.id < before.id)).toBe(true);
    }
  });

  it('pages a keyword search and the direct downlines', async () => {
    const found = await walk(AGENT_PATHS.downlines, { pageSize: '2', keyword: 'ZEBRA' });
    const zebras = team.filter((member) => member.username.includes('zebra')).sort(byNewest);
    expect(found.rows.map((row) => row.memberId)).toEqual(zebras.map((member) => member.id));
    expect(found.totals[0]).toBe(zebras.length);
    const directs = await walk(AGENT_PATHS.downlines, { pageSize: '3', directOnly: 'true' });
    expect(new Set(directs.rows.map((row) => row.memberId))).toEqual(direct);
    expect(directs.rows).toHaveLength(direct.size);
  });

  it('pages a keyword from its matches when the newest members do not fill the page (the path of a large team)', async () => {
    // A walk of one member and steps of two matches: the matches path, several steps per page.
    const steps = { walkLimit: 1, matchBatch: 2 };
    const pages = async (kind: 'ALL' | 'AGENT' | 'MEMBER') => {
      const ids: number[] = [];
      let after: TeamCursor | undefined;
      for (let guard = 0; guard < 30; guard += 1) {
        const search = { keyword: 'zEbRa', kind, pageSize: 2, after };
        const page = await searchTeam(t.app.db, agentId, search, () => sql<string | null>`null`, steps);
        ids.push(...page.rows.map((row) => row.member.id));
        if (page.nextCursor === null) return ids;
        after = decodeTeamCursor(page.nextCursor) ?? undefined;
      }
      throw new Error('the pages did not end');
    };
    const zebras = team.filter((member) => member.username.includes('zebra')).sort(byNewest);
    expect(zebras.length).toBeGreaterThan(4);
    expect(await pages('ALL')).toEqual(zebras.map((member) => member.id));
    expect(await pages('MEMBER')).toEqual(zebras.map((member) => member.id));
    expect(await pages('AGENT')).toEqual([]);
    expect(await countTeamSearch(t.app.db, agentId, { keyword: 'zebra', pageSize: 2 })).toBe(zebras.length);
    expect(await countTeamSearch(t.app.db, agentId, { keyword: 'zebra', kind: 'AGENT', pageSize: 2 })).toBe(0);
    expect(await countTeamSearch(t.app.db, agentId, { directOnly: true, pageSize: 2 })).toBe(direct.size);
  });

  it('refuses a malformed cursor', async () => {
    for (const cursor of ['bm90LWpzb24', Buffer.from('[1.5,null]').toString('base64url'), 'a+b']) {
      const answer = await client.call('GET', AGENT_PATHS.downlines, { token, query: { cursor } });
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
  });
});

describe('downline transactions by cursor', () => {
  it('pages every entry of the team once, newest first, the total on the first page only', async () => {
    const all = await client.call('GET', AGENT_PATHS.downlineTransactions, { token, query: { pageSize: '100' } });
    const every = (all.json().value.items as { entryId: number }[]).map((item) => item.entryId);
    expect(every).toHaveLength(team.length);
    const { rows, totals } = await walk(AGENT_PATHS.downlineTransactions, { pageSize: '7' });
    const ids = (rows as unknown as { entryId: number }[]).map((row) => row.entryId);
    expect(ids).toEqual([...every].sort((a, b) => b - a));
    expect(totals[0]).toBe(team.length);
    expect(totals.slice(1).every((total) => total === null)).toBe(true);
    const bad = await client.call('GET', AGENT_PATHS.downlineTransactions, { token, query: { cursor: 'abc' } });
    expect(bad.statusCode).toBe(400);
  });

  it('reads the same pages walking the ledger (a large team) and account by account (a small one)', async () => {
    const pagesOf = async (fewOwners: boolean) => {
      const pages: { entryId: number; ownerMemberId: number; amount: bigint; type: string }[][] = [];
      let beforeEntryId: number | undefined;
      for (let guard = 0; guard < 30; guard += 1) {
        const { items } = await listEntriesOfOwners(t.app.db, {
          owners: teamIdsSql(agentId),
          ownerName: usernameSql,
          accountCodes: ['MEMBER_CASH'],
          from: new Date(Date.now() - 86_400_000),
          to: new Date(Date.now() + 60_000),
          limit: 4,
          beforeEntryId,
          fewOwners,
        });
        pages.push(items.map(({ entryId, ownerMemberId, amount, type }) => ({ entryId, ownerMemberId, amount, type })));
        if (items.length < 4) return pages;
        beforeEntryId = items.at(-1)?.entryId;
      }
      throw new Error('the pages did not end');
    };
    const walked = await pagesOf(false);
    expect(walked.flat()).toHaveLength(team.length);
    expect(await pagesOf(true)).toEqual(walked);
  });
});
