import {
  contractResponse,
  idParams,
  OPERATOR_AGENT_PATHS,
  operatorBillsQuery,
  operatorBillsResponse,
  operatorContractsQuery,
  operatorContractsResponse,
  operatorOfferContractBody,
  operatorSettleBody,
  settlementSummaryResponse,
  terminateContractResponse,
} from '@kismat/contracts/agent';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { lastEndedPeriod, listMerchantBills, listMerchantContracts, periodContaining, settleContracts } from '../agent/index';
import { offerTopLevelContract, terminateContractAsOperator } from './manage-agent-contracts';

const tags = ['operator', 'agent'];

/** Operator side of the agent programme: top-level contracts, bills of any agent, settlement on demand. */
export async function registerOperatorAgentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');
  const route = defineRoutes(app, { tags });

  route.post(
    OPERATOR_AGENT_PATHS.contracts,
    { summary: 'Offer a top-level contract to an agent', body: operatorOfferContractBody, response: contractResponse, guard: settings },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.body.merchantCode);
      const contract = await offerTopLevelContract(
        { db: root.db, now: root.now() },
        request,
        currentOperator(request),
        merchant,
        request.body,
      );
      return contract;
    },
  );

  route.get(
    OPERATOR_AGENT_PATHS.contracts,
    { summary: 'Contracts of a merchant', querystring: operatorContractsQuery, response: operatorContractsResponse, guard: read },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.query.merchantCode);
      const page = await listMerchantContracts(root.db, merchant.id, request.query, request.query);
      return { ...page, pageNo: request.query.pageNo, pageSize: request.query.pageSize };
    },
  );

  route.post(
    OPERATOR_AGENT_PATHS.terminateContract,
    { summary: 'Terminate any contract (cascades down)', params: idParams, response: terminateContractResponse, guard: settings },
    async (request) => {
      const result = await terminateContractAsOperator(
        { db: root.db, now: root.now() },
        request,
        currentOperator(request),
        request.params.id,
      );
      return result;
    },
  );

  route.get(
    OPERATOR_AGENT_PATHS.bills,
    { summary: 'Bills of a merchant', querystring: operatorBillsQuery, response: operatorBillsResponse, guard: read },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.query.merchantCode);
      return await listMerchantBills(root.db, merchant.id, request.query, request.query);
    },
  );

  route.post(
    OPERATOR_AGENT_PATHS.settle,
    {
      summary: 'Settle one contract type for one ended period now',
      body: operatorSettleBody,
      response: settlementSummaryResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.body.merchantCode);
      const now = root.now();
      const chosen =
        request.body.type === 'DIVIDEND'
          ? (request.body.period ?? 'MONTHLY')
          : request.body.type === 'DAILY_SALARY'
            ? 'DAILY'
            : request.body.type === 'HOURLY_SALARY'
              ? 'HOURLY'
              : 'FIVE_MINUTES';
      const bounds = request.body.at
        ? periodContaining(chosen, new Date(request.body.at), merchant.utcOffsetMinutes)
        : lastEndedPeriod(chosen, now, merchant.utcOffsetMinutes);
      const summary = await settleContracts({ db: root.db, now, merchant }, { type: request.body.type, period: chosen, bounds });
      // Settlement runs many transactions of its own (one per bill); it is idempotent per period, so the record follows it.
      await recordOperatorAudit(root.db, request, currentOperator(request), {
        action: 'agent_settlement.run',
        targetType: 'settlement',
        targetId: `${request.body.type}:${bounds.start.toISOString()}`,
        merchantId: merchant.id,
        detail: { type: request.body.type, period: chosen, summary },
      });
      return summary;
    },
  );
}
