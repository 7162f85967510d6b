import { and, asc, type Column, desc, eq, gt, gte, ilike, inArray, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { containsPattern } from '../../platform/like-pattern';
import { rowsOf } from '../../platform/sql-values';

/*
 * The agent centre's downline search over the member's tree (the closure table and the member
 * rows are this module's). Keyset paging: a page continues after the previous page's last row
 * (its cursor), never by OFFSET, so page 500 of a 1,000,000-member team costs what page 1 costs,
 * and the total is counted (bounded) for the first page only.
 *
 * Plans (bench/README.md "Agent reads", 1,000,000-member team):
 * - NEWEST / OLDEST order by the member id, which registration assigns in the same insert as
 *   created_at: it is the registration order, and the closure table's primary key
 *   (ancestor_id, descendant_id) is then already every team's newest-first index (a backward
 *   index scan that stops after one page), with no column or index to maintain.
 * - A keyword (part of a username or nickname) is matched by the trigram indexes (migration
 *   0040): a rare keyword reads its few members and probes the closure key; a common one walks
 *   the team newest-first and stops after a page. Both plans stay index-only in the team.
 * - Direct downlines also filter on upline_id, so members_upline_idx finds them without
 *   walking a whole team; agents have a partial index of their own (few among many players).
 */

const upline = alias(members, 'upline');
const AGENT_TYPE_LIST = [1, 2, 41, 42];
/** The first page's total is counted up to this many rows (the list never counts a whole team). */
export const TEAM_SEARCH_COUNT_LIMIT = 10_000;

export type TeamSort = 'NEWEST' | 'OLDEST' | 'USERNAME' | 'LAST_LOGIN';

/** Where the previous page ended: its last row's id and sort key (username, or last login as Postgres text). */
export interface TeamCursor {
  id: number;
  key: string | null;
}

export interface TeamSearch {
  /** Only members below this one (already checked to be in the caller's subtree). */
  underId?: number | undefined;
  /** Only this member (a downline's card). */
  memberId?: number | undefined;
  directOnly?: boolean | undefined;
  kind?: 'ALL' | 'AGENT' | 'MEMBER' | undefined;
  keyword?: string | undefined;
  sort?: TeamSort | undefined;
  /** The page after this row (keyset); none: the first page. */
  after?: TeamCursor | undefined;
  pageSize: number;
}

export type TeamSearchRow = { member: MemberRow; depth: number; uplineUsername: string | null; teamSize: number; balance: string | null };

/** The opaque cursor string an API hands out (base64url of the keyset), and back; null when malformed. */
export function encodeTeamCursor(cursor: TeamCursor): string {
  return Buffer.from(JSON.stringify([cursor.id, cursor.key])).toString('base64url');
}

export function decodeTeamCursor(text: string): TeamCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [id, key] = value as [unknown, unknown];
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
    if (key !== null && (typeof key !== 'string' || key.length > 64)) return null;
    return { id, key };
  } catch {
    return null;
  }
}

function searchConditions(db: DbOrTx, agentId: number, search: TeamSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search.memberId !== undefined) conditions.push(eq(memberTree.descendantId, search.memberId));
  if (search.underId !== undefined) {
    const below = alias(memberTree, 'below');
    conditions.push(
      inArray(
        members.id,
        db
          .select({ id: below.descendantId })
          .from(below)
          .where(and(eq(below.ancestorId, search.underId), gte(below.depth, 1))),
      ),
    );
  }
  // The closure row decides (the column alone could be stale); upline_id lets the index find them.
  if (search.directOnly) conditions.push(eq(memberTree.depth, 1), eq(members.uplineId, agentId));
  if (search.kind === 'AGENT') conditions.push(inArray(members.type, AGENT_TYPE_LIST));
  if (search.kind === 'MEMBER') conditions.push(notInArray(members.type, AGENT_TYPE_LIST));
  if (search.keyword) {
    const pattern = containsPattern(search.keyword);
    conditions.push(or(ilike(members.username, pattern), ilike(members.nickname, pattern)));
  }
  return and(...conditions);
}

/** The keyset condition: rows strictly after the cursor in the sort's order. */
function afterCursor(sort: TeamSort, after: TeamCursor): SQL | undefined {
  if (sort === 'OLDEST') return gt(memberTree.descendantId, after.id);
  if (sort === 'USERNAME') {
    return after.key === null ? undefined : sql`(${members.username}, ${members.id}) > (${after.key}, ${after.id})`;
  }
  if (sort === 'LAST_LOGIN') {
    // Newest login first, never-logged-in last: after a null key only nulls with a lower id remain.
    if (after.key === null) return and(isNull(members.lastLoginAt), lt(members.id, after.id));
    return or(
      sql`${members.lastLoginAt} < ${after.key}::timestamptz`,
      and(sql`${members.lastLoginAt} = ${after.key}::timestamptz`, lt(members.id, after.id)),
      isNull(members.lastLoginAt),
    );
  }
  return lt(memberTree.descendantId, after.id);
}

function searchOrder(sort: TeamSort): SQL[] {
  return sort === 'OLDEST'
    ? [asc(memberTree.descendantId)]
    : sort === 'USERNAME'
      ? [asc(members.username), asc(members.id)]
      : sort === 'LAST_LOGIN'
        ? [sql`${members.lastLoginAt} desc nulls last`, desc(members.id)]
        : [desc(memberTree.descendantId)];
}

function sortKeyOf(sort: TeamSort, row: { member: MemberRow; lastLoginText: string | null }): string | null {
  if (sort === 'USERNAME') return row.member.username;
  if (sort === 'LAST_LOGIN') return row.lastLoginText;
  return null;
}

/** How many of the team's newest members a keyword search reads before it asks the trigram indexes instead. */
const KEYWORD_WALK_LIMIT = 500;
/** How many of the team's keyword matches one step of the matches read takes (newest first). */
const MATCH_BATCH = 200;

/**
 * One page of the members below `agentId` matching the search, and the cursor of the next page
 * (null on the last); `balance` is the caller's column of a member id, in the same statement.
 *
 * A keyword is searched in two steps, because the planner cannot know where in the team its
 * matches lie (EXPLAIN at 1,000,000 members: 'bp1' matches 111,000 members, all in the oldest
 * fifth, and the newest-first walk it chose read 800,000 closure rows, 9.4 s): first the newest
 * KEYWORD_WALK_LIMIT members of the team (a common keyword, one member in twenty or more,
 * fills its page there), then, when the page is not full and the team goes on, the trigram
 * indexes' matches newest first, each probed against the closure key until the page is full
 * (readMatchesPage: a rarer keyword has fewer matches to sort).
 */
export async function searchTeam(
  db: DbOrTx,
  agentId: number,
  search: TeamSearch,
  balance: (memberId: Column) => SQL<string | null>,
  /** Tests make a small team take the matches path: how many members the walk reads, how many matches a step takes. */
  steps: { walkLimit: number; matchBatch: number } = { walkLimit: KEYWORD_WALK_LIMIT, matchBatch: MATCH_BATCH },
): Promise<{ rows: TeamSearchRow[]; nextCursor: string | null }> {
  const sort = search.sort ?? 'NEWEST';
  if (search.keyword && sort === 'NEWEST' && search.memberId === undefined) {
    const walked = await readTeamPage(db, agentId, search, balance, sort, { walk: steps.walkLimit });
    const isTeamLeft = walked.scanned === steps.walkLimit;
    if (walked.found.length > search.pageSize || !isTeamLeft) return pageOf(walked.found, search, sort);
    return pageOf(await readMatchesPage(db, agentId, search, balance, steps.matchBatch), search, sort);
  }
  return pageOf((await readTeamPage(db, agentId, search, balance, sort, 'plain')).found, search, sort);
}

type FoundRow = TeamSearchRow & { lastLoginText: string | null };

function pageOf(found: FoundRow[], search: TeamSearch, sort: TeamSort): { rows: TeamSearchRow[]; nextCursor: string | null } {
  const page = found.slice(0, search.pageSize);
  const last = page.at(-1);
  const nextCursor = found.length > search.pageSize && last ? encodeTeamCursor({ id: last.member.id, key: sortKeyOf(sort, last) }) : null;
  return { rows: page.map(({ lastLoginText: _, ...row }) => row), nextCursor };
}

/**
 * One page's rows (pageSize + 1). `walk`: only among the team's next `walk` members newest first
 * (also answers how many closure rows it read); `ids`: only these members (a step of the matches).
 */
async function readTeamPage(
  db: DbOrTx,
  agentId: number,
  search: TeamSearch,
  balance: (memberId: Column) => SQL<string | null>,
  sort: TeamSort,
  mode: 'plain' | { walk: number } | { ids: number[] },
): Promise<{ found: FoundRow[]; scanned: number }> {
  let scanned = 0;
  const scope: (SQL | undefined)[] = [];
  if (typeof mode === 'object' && 'walk' in mode) {
    const [counted] = rowsOf<{ scanned: number; floor: string | null }>(
      await db.execute(sql`SELECT count(*)::int AS scanned, min(descendant_id) AS floor FROM (
        SELECT descendant_id FROM ${memberTree} WHERE ancestor_id = ${agentId} AND depth >= 1
          ${search.after ? sql`AND descendant_id < ${search.after.id}` : sql``}
        ORDER BY descendant_id DESC LIMIT ${mode.walk}) AS newest`),
    );
    scanned = Number(counted?.scanned ?? 0);
    scope.push(gte(memberTree.descendantId, Number(counted?.floor ?? 0)));
  }
  if (typeof mode === 'object' && 'ids' in mode) scope.push(inArray(memberTree.descendantId, mode.ids.length > 0 ? mode.ids : [0]));
  const found = await db
    .select({
      member: members,
      depth: memberTree.depth,
      uplineUsername: upline.username,
      teamSize: sql<number>`(select count(*)::int - 1 from member_tree team where team.ancestor_id = ${members.id})`,
      balance: balance(members.id),
      lastLoginText: sql<string | null>`${members.lastLoginAt}::text`,
    })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .where(
      and(
        eq(memberTree.ancestorId, agentId),
        gte(memberTree.depth, 1),
        searchConditions(db, agentId, search),
        search.after ? afterCursor(sort, search.after) : undefined,
        ...scope,
      ),
    )
    .orderBy(...searchOrder(sort))
    .limit(search.pageSize + 1);
  return { found, scanned };
}

/**
 * The members of the merchant matching the keyword, newest first, that are in the team
 * (`agentId`'s closure row probed for each, in that order, until `limit` are found): driven by
 * the trigram indexes' matches (a bitmap of the matches, sorted by id) and never by a walk of
 * the team, so a keyword whose matches lie anywhere in a 1,000,000-member team costs its
 * matches' sort and `limit` closure probes. LATERAL ... LIMIT 1 keeps the probe a nested loop
 * (a semi-join could hash the whole team).
 */
function teamMatchesSql(agentId: number, keyword: string, input: { beforeId?: number | undefined; limit: number }): SQL {
  const pattern = containsPattern(keyword);
  return sql`SELECT candidate.id FROM (
      SELECT matched.id FROM ${members} matched
      WHERE matched.merchant_id = (SELECT owner.merchant_id FROM ${members} owner WHERE owner.id = ${agentId})
        AND (matched.username ILIKE ${pattern} OR matched.nickname ILIKE ${pattern})
        ${input.beforeId === undefined ? sql`` : sql`AND matched.id < ${input.beforeId}`}
      ORDER BY matched.id DESC OFFSET 0) AS candidate
    CROSS JOIN LATERAL (SELECT 1 FROM ${memberTree} probe
      WHERE probe.ancestor_id = ${agentId} AND probe.descendant_id = candidate.id AND probe.depth >= 1 LIMIT 1) AS in_team
    LIMIT ${input.limit}`;
}

/**
 * A NEWEST page of a keyword search from the matches (teamMatchesSql), MATCH_BATCH team members
 * at a time, the other conditions (kind, direct, under) applied to each batch by the page query,
 * until the page (and one more row) is full or no match is left.
 */
async function readMatchesPage(
  db: DbOrTx,
  agentId: number,
  search: TeamSearch,
  balance: (memberId: Column) => SQL<string | null>,
  batchSize: number,
): Promise<FoundRow[]> {
  const found: FoundRow[] = [];
  let beforeId = search.after?.id;
  for (;;) {
    const ids = rowsOf<{ id: string | number }>(
      await db.execute(teamMatchesSql(agentId, search.keyword ?? '', { beforeId, limit: batchSize })),
    ).map((row) => Number(row.id));
    if (ids.length === 0) return found;
    const batch = await readTeamPage(db, agentId, { ...search, after: undefined }, balance, 'NEWEST', { ids });
    found.push(...batch.found);
    if (found.length > search.pageSize || ids.length < batchSize) return found.slice(0, search.pageSize + 1);
    beforeId = ids.at(-1);
  }
}

/** How many members below `agentId` match the search, counted up to TEAM_SEARCH_COUNT_LIMIT (the first page's total). */
export async function countTeamSearch(db: DbOrTx, agentId: number, search: TeamSearch): Promise<number> {
  const isMembersFiltered = (search.kind !== undefined && search.kind !== 'ALL') || search.memberId !== undefined;
  if (search.keyword && !isMembersFiltered && !search.directOnly && search.underId === undefined) {
    // A keyword over the whole team: its matches in the team, from the trigram side (as the page).
    const [count] = rowsOf<{ total: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS total FROM (${teamMatchesSql(agentId, search.keyword, { limit: TEAM_SEARCH_COUNT_LIMIT })}) AS matches`,
      ),
    );
    return Number(count?.total ?? 0);
  }
  if (!search.keyword && !isMembersFiltered) {
    // Only the closure rows (its primary key, index-only): depth 1 is the direct downlines.
    const below = alias(memberTree, 'below');
    const rows = db
      .select({ one: sql`1` })
      .from(memberTree)
      .where(
        and(
          eq(memberTree.ancestorId, agentId),
          search.directOnly ? eq(memberTree.depth, 1) : gte(memberTree.depth, 1),
          search.underId === undefined
            ? undefined
            : inArray(
                memberTree.descendantId,
                db
                  .select({ id: below.descendantId })
                  .from(below)
                  .where(and(eq(below.ancestorId, search.underId), gte(below.depth, 1))),
              ),
        ),
      )
      .limit(TEAM_SEARCH_COUNT_LIMIT);
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(rows.as('rows'));
    return Number(count?.total ?? 0);
  }
  const matching = db
    .select({ one: sql`1` })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, agentId), gte(memberTree.depth, 1), searchConditions(db, agentId, search)))
    .limit(TEAM_SEARCH_COUNT_LIMIT);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(matching.as('matching'));
  return Number(count?.total ?? 0);
}
