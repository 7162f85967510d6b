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
import { errorEnvelope } from '@kismat/contracts/envelope';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentContractBills, agentContracts } from '../../db/schema/agent';
import { merchants } from '../../db/schema/merchants';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { lastEndedPeriod, periodContaining } from '../agent/contract-periods';
import { listContractViews } from '../agent/contract-queries';
import { offerContract } from '../agent/offer-contract';
import { listBillViews } from '../agent/present-bill';
import { settleContracts } from '../agent/settle-contracts';
import { registerSettlementTestClock } from '../agent/settlement-test-clock';
import { terminateContract } from '../agent/terminate-contract';

const tags = ['operator', 'agent'];
const security = [{ bearer: [] }];
const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** Operator side of the agent programme: top-level contracts, bills of any agent, settlement on demand. */
export async function registerOperatorAgentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');

  async function merchantByCode(request: FastifyRequest, code: string): Promise<Merchant> {
    const [merchant] = await root.db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
    if (!merchant) throw new AppError('NOT_FOUND');
    assertMerchantScope(currentOperator(request), merchant.id);
    return merchant;
  }

  app.post(
    OPERATOR_AGENT_PATHS.contracts,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: 'Offer a top-level contract to an agent',
        body: operatorOfferContractBody,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantByCode(request, request.body.merchantCode);
      const operator = currentOperator(request);
      const contract = await root.db.transaction(async (tx) => {
        const offered = await offerContract({ db: tx as unknown as Db, now: root.now(), merchant }, null, request.body);
        await recordOperatorAudit(tx, request, operator, {
          action: 'agent_contract.offered',
          targetType: 'agent_contract',
          targetId: offered.id,
          merchantId: merchant.id,
          memberId: request.body.memberId,
          detail: { after: offered },
        });
        return offered;
      });
      return ok(request, contract);
    },
  );

  app.get(
    OPERATOR_AGENT_PATHS.contracts,
    {
      onRequest: read,
      schema: {
        tags,
        security,
        summary: 'Contracts of a merchant',
        querystring: operatorContractsQuery,
        response: { 200: operatorContractsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantByCode(request, request.query.merchantCode);
      const { type, status, memberId } = request.query;
      const where = and(
        eq(agentContracts.merchantId, merchant.id),
        type ? eq(agentContracts.type, type) : undefined,
        status ? eq(agentContracts.status, status) : undefined,
        memberId ? eq(agentContracts.memberId, memberId) : undefined,
      );
      const page = await listContractViews(root.db, where, request.query);
      return ok(request, { ...page, pageNo: request.query.pageNo, pageSize: request.query.pageSize });
    },
  );

  app.post(
    OPERATOR_AGENT_PATHS.terminateContract,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: 'Terminate any contract (cascades down)',
        params: idParams,
        response: { 200: terminateContractResponse, ...errors },
      },
    },
    async (request) => {
      const [contract] = await root.db.select().from(agentContracts).where(eq(agentContracts.id, request.params.id)).limit(1);
      if (!contract) throw new AppError('CONTRACT_NOT_FOUND');
      const [merchant] = await root.db.select().from(merchants).where(eq(merchants.id, contract.merchantId)).limit(1);
      if (!merchant) throw new AppError('NOT_FOUND');
      const operator = currentOperator(request);
      assertMerchantScope(operator, merchant.id);
      const result = await root.db.transaction(async (tx) => {
        const terminated = await terminateContract(
          { db: tx as unknown as Db, now: root.now(), merchant },
          { kind: 'OPERATOR' },
          contract.id,
        );
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
      return ok(request, result);
    },
  );

  app.get(
    OPERATOR_AGENT_PATHS.bills,
    {
      onRequest: read,
      schema: {
        tags,
        security,
        summary: 'Bills of a merchant',
        querystring: operatorBillsQuery,
        response: { 200: operatorBillsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantByCode(request, request.query.merchantCode);
      const { type, status, memberId } = request.query;
      const where = and(
        eq(agentContractBills.merchantId, merchant.id),
        type ? eq(agentContractBills.type, type) : undefined,
        status ? eq(agentContractBills.status, status) : undefined,
        memberId ? eq(agentContractBills.payeeId, memberId) : undefined,
      );
      return ok(request, await listBillViews(root.db, where, request.query));
    },
  );

  app.post(
    OPERATOR_AGENT_PATHS.settle,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: 'Settle one contract type for one ended period now',
        body: operatorSettleBody,
        response: { 200: settlementSummaryResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantByCode(request, request.body.merchantCode);
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
      return ok(request, summary);
    },
  );

  // Test only: exists when TEST_CLOCK is set (e2e global setup), never in a deployment.
  if (root.config.TEST_CLOCK) registerSettlementTestClock(root, settings);
}
