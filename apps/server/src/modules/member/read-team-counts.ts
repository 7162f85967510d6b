import { and, eq, gte, sql } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

export interface TeamCounts {
  members: number;
  directMembers: number;
  agents: number;
  newMembers: number;
}

/** The team below `rootId`: how many members, direct ones, agents, and members registered in [from, to); one query on the closure rows. */
export async function readTeamCounts(db: DbOrTx, input: { rootId: number; from: Date; to: Date }): Promise<TeamCounts> {
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      directMembers: sql<number>`count(*) filter (where ${memberTree.depth} = 1)::int`,
      agents: sql<number>`count(*) filter (where ${members.type} in (1, 2, 41, 42))::int`,
      newMembers: sql<number>`count(*) filter (where ${members.createdAt} >= ${input.from.toISOString()}::timestamptz and ${members.createdAt} < ${input.to.toISOString()}::timestamptz)::int`,
    })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, input.rootId), gte(memberTree.depth, 1)));
  return {
    members: Number(row?.members ?? 0),
    directMembers: Number(row?.directMembers ?? 0),
    agents: Number(row?.agents ?? 0),
    newMembers: Number(row?.newMembers ?? 0),
  };
}
