import type { ContractStatus, ContractType, ContractValue } from '@kismat/contracts/agent';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AgentContractRow, agentContracts } from '../../db/schema/agent';
import type { DbOrTx } from '../../platform/db';
import { usernameSql } from '../member/index';
import { presentTerms, termsOf } from './contract-terms';

export function presentContract(row: AgentContractRow, names: { offerer: string | null; member: string }): ContractValue {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    terminationReason: row.terminationReason ?? null,
    offererId: row.offererId ?? null,
    offererUsername: names.offerer,
    memberId: row.memberId,
    memberUsername: names.member,
    terms: presentTerms(termsOf(row)),
    maxRateBps: row.maxRateBps ?? null,
    offeredAt: row.offeredAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** Contracts with both parties' usernames, newest first, with the total for paging. */
export async function listContractViews(
  db: DbOrTx,
  where: SQL | undefined,
  page: { pageNo: number; pageSize: number } = { pageNo: 1, pageSize: 100 },
): Promise<{ items: ContractValue[]; total: number }> {
  const rows = await db
    .select({
      contract: agentContracts,
      offererName: usernameSql(agentContracts.offererId) as SQL<string | null>,
      memberName: usernameSql(agentContracts.memberId),
    })
    .from(agentContracts)
    .where(where)
    .orderBy(desc(agentContracts.offeredAt), desc(agentContracts.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(agentContracts).where(where);
  return {
    items: rows.map((row) => presentContract(row.contract, { offerer: row.offererName, member: row.memberName })),
    total: Number(count?.total ?? 0),
  };
}

/** The back office's and an agent's contract list filters: type, status and the contracted member. */
export interface ContractFilter {
  type?: AgentContractRow['type'] | undefined;
  status?: AgentContractRow['status'] | undefined;
  memberId?: number | undefined;
}

/** The contracts in `scope` (a merchant's, an offerer's) that pass the filter, as listContractViews pages them. */
export function listFilteredContracts(
  db: DbOrTx,
  scope: SQL,
  filter: ContractFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ items: ContractValue[]; total: number }> {
  const where = and(
    scope,
    filter.type ? eq(agentContracts.type, filter.type) : undefined,
    filter.status ? eq(agentContracts.status, filter.status) : undefined,
    filter.memberId ? eq(agentContracts.memberId, filter.memberId) : undefined,
  );
  return listContractViews(db, where, page);
}

export async function contractViewById(db: DbOrTx, id: number): Promise<ContractValue> {
  const { items } = await listContractViews(db, eq(agentContracts.id, id), { pageNo: 1, pageSize: 1 });
  const [item] = items;
  if (!item) throw new Error(`contract ${id} vanished`);
  return item;
}

export async function findContract(
  db: DbOrTx,
  memberId: number,
  type: ContractType,
  statuses: readonly ContractStatus[],
): Promise<AgentContractRow | null> {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.memberId, memberId), eq(agentContracts.type, type), inArray(agentContracts.status, [...statuses])))
    .orderBy(desc(agentContracts.id))
    .limit(1);
  return row ?? null;
}

/** The member's ACTIVE contract of the type, if any. */
export function findActiveContract(db: DbOrTx, memberId: number, type: ContractType): Promise<AgentContractRow | null> {
  return findContract(db, memberId, type, ['ACTIVE']);
}
