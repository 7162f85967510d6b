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
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { requireOperator } from '../../platform/operator-auth';
import { lastEndedPeriod, periodContaining } from '../agent/contract-periods';
import { listContractViews } from '../agent/contract-queries';
import { offerContract } from '../agent/offer-contract';
import { listBillViews } from '../agent/present-bill';
import { settleContracts } from '../agent/settle-contracts';
import { terminateContract } from '../agent/terminate-contract';

const tags = ['operator', 'agent'];
const security = [{ bearer: [] }];
const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** Operator side of the agent programme: top-level contracts, bills of any agent, settlement on demand. */
export async function registerOperatorAgentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const onRequest = async (request: FastifyRequest) => requireOperator(request);

  async function merchantByCode(code: string): Promise<Merchant> {
    const [merchant] = await root.db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
    if (!merchant) throw new AppError('NOT_FOUND');
    return merchant;
  }

  app.post(
    OPERATOR_AGENT_PATHS.contracts,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Offer a top-level contract to an agent',
        body: operatorOfferContractBody,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantByCode(request.body.merchantCode);
      return ok(request, await offerContract({ db: root.db, now: root.now(), merchant }, null, request.body));
    },
  );

  app.get(
    OPERATOR_AGENT_PATHS.contracts,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Contracts of a merchant',
        querystring: operatorContractsQuery,
        response: { 200: operatorContractsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantByCode(request.query.merchantCode);
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
      onRequest,
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
      return ok(request, await terminateContract({ db: root.db, now: root.now(), merchant }, { kind: 'OPERATOR' }, contract.id));
    },
  );

  app.get(
    OPERATOR_AGENT_PATHS.bills,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Bills of a merchant',
        querystring: operatorBillsQuery,
        response: { 200: operatorBillsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantByCode(request.query.merchantCode);
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
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Settle one contract type for one ended period now',
        body: operatorSettleBody,
        response: { 200: settlementSummaryResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantByCode(request.body.merchantCode);
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
      return ok(request, await settleContracts({ db: root.db, now, merchant }, { type: request.body.type, period: chosen, bounds }));
    },
  );
}
