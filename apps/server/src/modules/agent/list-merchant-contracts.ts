import type { ContractValue } from '@kismat/contracts/agent';
import { and, eq } from 'drizzle-orm';
import { type AgentBillRow, type AgentContractRow, agentContractBills, agentContracts } from '../../db/schema/agent';
import type { DbOrTx } from '../../platform/db';
import { type ContractFilter, listFilteredContracts } from './contract-queries';
import { listBillViews } from './present-bill';

interface Page {
  pageNo: number;
  pageSize: number;
}

/** A merchant's contracts for the back office, filtered by type, status and member. */
export async function listMerchantContracts(
  db: DbOrTx,
  merchantId: number,
  filter: ContractFilter,
  page: Page,
): Promise<{ items: ContractValue[]; total: number }> {
  return listFilteredContracts(db, eq(agentContracts.merchantId, merchantId), filter, page);
}

/** A merchant's bills for the back office, filtered by type, status and payee. */
export async function listMerchantBills(
  db: DbOrTx,
  merchantId: number,
  filter: {
    type?: AgentBillRow['type'] | undefined;
    status?: AgentBillRow['status'] | undefined;
    memberId?: number | undefined;
  },
  page: Page,
): Promise<Awaited<ReturnType<typeof listBillViews>>> {
  const where = and(
    eq(agentContractBills.merchantId, merchantId),
    filter.type ? eq(agentContractBills.type, filter.type) : undefined,
    filter.status ? eq(agentContractBills.status, filter.status) : undefined,
    filter.memberId ? eq(agentContractBills.payeeId, filter.memberId) : undefined,
  );
  return listBillViews(db, where, page);
}

/** One contract row by id (null when none), whatever its merchant: the caller checks the scope. */
export async function findContractById(db: DbOrTx, id: number): Promise<AgentContractRow | null> {
  const [row] = await db.select().from(agentContracts).where(eq(agentContracts.id, id)).limit(1);
  return row ?? null;
}
