import type { ContractValue } from '@kismat/contracts/agent';
import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { assertMerchantScope, type OperatorIdentity } from '../../platform/operator-auth';
import { findContractById, offerContract, terminateContract } from '../agent/index';
import { findMerchantById } from './find-merchant';

/** Offers a top-level contract (no offering upline) with its audit row in one transaction. */
export async function offerTopLevelContract(
  deps: { db: Db; now: Date },
  request: FastifyRequest,
  operator: OperatorIdentity,
  merchant: Merchant,
  input: Parameters<typeof offerContract>[2],
): Promise<ContractValue> {
  return deps.db.transaction(async (tx) => {
    const offered = await offerContract({ db: tx as unknown as Db, now: deps.now, merchant }, null, input);
    await recordOperatorAudit(tx, request, operator, {
      action: 'agent_contract.offered',
      targetType: 'agent_contract',
      targetId: offered.id,
      merchantId: merchant.id,
      memberId: input.memberId,
      detail: { after: offered },
    });
    return offered;
  });
}

/** Terminates any contract of the operator's scope (cascading down) with its audit row in one transaction. */
export async function terminateContractAsOperator(
  deps: { db: Db; now: Date },
  request: FastifyRequest,
  operator: OperatorIdentity,
  contractId: number,
): Promise<Awaited<ReturnType<typeof terminateContract>>> {
  const contract = await findContractById(deps.db, contractId);
  if (!contract) throw new AppError('CONTRACT_NOT_FOUND');
  const merchant = await findMerchantById(deps.db, contract.merchantId);
  if (!merchant) throw new AppError('NOT_FOUND');
  assertMerchantScope(operator, merchant.id);
  return deps.db.transaction(async (tx) => {
    const terminated = await terminateContract({ db: tx as unknown as Db, now: deps.now, merchant }, { kind: 'OPERATOR' }, contract.id);
    await recordOperatorAudit(tx, request, operator, {
      action: 'agent_contract.terminated',
      targetType: 'agent_contract',
      targetId: contract.id,
      merchantId: merchant.id,
      memberId: contract.memberId,
      detail: { before: { status: contract.status }, after: terminated },
    });
    return terminated;
  });
}
