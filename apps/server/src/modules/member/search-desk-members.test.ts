import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { type DeskSearchField, deskSearchQuery } from './search-desk-members';

/*
 * The back office searches a million members: each kind must be answered from an index of
 * migration 0037, never by reading the whole table. A test database is small, so inside a
 * transaction that is rolled back 200,000 members (with profiles and sightings) are generated and
 * analysed, and the planner's own choice for each kind is read from EXPLAIN: a Seq Scan of
 * members fails. (On 200,000 rows the planner already picks the index; on a million, more so.)
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const ROLLBACK = new Error('rollback: the generated members are not kept');

/** Runs `inspect` with 200,000 generated members in place, then throws them away. */
async function withManyMembers(inspect: (explain: (query: SQL) => Promise<string>) => Promise<void>): Promise<void> {
  await t.app.db
    .transaction(async (tx) => {
      // Generating the rows takes longer than the app's statement timeout allows one request.
      await tx.execute(sql`set local statement_timeout = '90s'`);
      const merchants = (await tx.execute(sql`select id from merchants order by id limit 1`)) as unknown as { rows: { id: number }[] };
      const [merchant] = merchants.rows;
      const tag = `bulk${Date.now().toString(36)}`;
      await tx.execute(sql`
        insert into members (merchant_id, username, nickname, email, mobile, mobile_no, country_dialing_code, last_login_ip, register_ip, upline_id)
        select ${merchant?.id}, ${tag} || i, 'n' || i, 'user' || i || '@example.com', '+8801' || lpad(i::text, 9, '0'), '1' || lpad(i::text, 9, '0'), '+880',
          '10.' || (i % 250) || '.' || (i / 250 % 250) || '.' || (i % 7), '172.' || (16 + i / 65536) || '.' || (i / 256 % 256) || '.' || (i % 256), null
        from generate_series(1, 200000) as i`);
      await tx.execute(sql`
        insert into member_profiles (member_id, full_name)
        select id, 'Person ' || id || ' Rahman' from members where username like ${`${tag}%`}`);
      await tx.execute(sql`analyze members`);
      await tx.execute(sql`analyze member_profiles`);
      await inspect(async (query) => {
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: unknown[] };
        return (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
      });
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
}

describe('member search is index-backed', () => {
  const cases: [DeskSearchField, string, RegExp][] = [
    ['username', 'player12', /members_username_prefix|members_merchant_username_unique/],
    ['phone', '1712345', /members_mobile_trgm/],
    ['email', 'rahman@exa', /members_email_trgm/],
    ['name', 'karim rah', /member_profiles_full_name_trgm/],
    [
      'ip',
      '203.0.113.7',
      /members_last_login_ip[\s\S]*members_register_ip[\s\S]*member_sightings_ip|members_register_ip[\s\S]*members_last_login_ip/,
    ],
    ['agent', 'demoagent', /members_upline_idx/],
  ];
  it('plans an index for every kind over 200,000 members', async () => {
    const plans: string[] = [];
    await withManyMembers(async (explain) => {
      for (const [field, text, index] of cases) {
        const plan = await explain(deskSearchQuery(t.app.db, { field, text, merchantId: 1, limit: 26 }).getSQL());
        plans.push(field);
        if (process.env.SHOW_PLANS) console.log(field, plan);
        expect(plan, `${field}:\n${plan}`).toMatch(index);
        expect(plan, `${field}:\n${plan}`).not.toMatch(/Seq Scan on members\b(?! upline)/);
        // Walking the primary key backwards while filtering is a full scan in disguise when nothing matches.
        expect(plan, `${field}:\n${plan}`).not.toMatch(/Index Scan Backward using members_pkey on members {2}/);
      }
    });
    expect(plans).toHaveLength(cases.length);
  }, 120_000);
});
