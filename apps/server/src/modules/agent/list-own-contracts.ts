import type { ContractValue } from '@kismat/contracts/agent';
import { and, eq } from 'drizzle-orm';
import { type AgentBillRow, agentContractBills, agentContracts } from '../../db/schema/agent';
import type { DbOrTx } from '../../platform/db';
import { type ContractFilter, listFilteredContracts } from './contract-queries';
import { billsForPeriodsIn, billsOfMember, listBillViews } from './present-bill';

interface Page {
  pageNo: number;
  pageSize: number;
}

/** The contracts an agent offered (never another agent's), filtered by type, status and member. */
export async function listOfferedContracts(
  db: DbOrTx,
  offererId: number,
  filter: ContractFilter,
  page: Page,
): Promise<{ items: ContractValue[]; total: number }> {
  return listFilteredContracts(db, eq(agentContracts.offererId, offererId), filter, page);
}

/** A member's bills, received, paid or both, filtered by type, status and the periods they settle. */
export async function listOwnBills(
  db: DbOrTx,
  memberId: number,
  filter: {
    side: 'RECEIVED' | 'PAID' | 'ALL';
    type?: AgentBillRow['type'] | undefined;
    status?: AgentBillRow['status'] | undefined;
    period: { from: Date; to: Date } | null;
  },
  page: Page,
): Promise<Awaited<ReturnType<typeof listBillViews>>> {
  const where = and(
    billsOfMember(memberId, filter.side),
    filter.type ? eq(agentContractBills.type, filter.type) : undefined,
    filter.status ? eq(agentContractBills.status, filter.status) : undefined,
    filter.period ? billsForPeriodsIn(filter.period.from, filter.period.to) : undefined,
  );
  return listBillViews(db, where, page);
}
