import {
  AGENT_PATHS,
  CONTRACT_RELAY_PATHS,
  CONTRACT_TYPES,
  contractRelayBody,
  contractRelayResponse,
  contractResponse,
  idParams,
  offerContractBody,
  offeredContractsQuery,
  offeredContractsResponse,
  terminateContractResponse,
} from '@kismat/contracts/agent';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireRealMember } from '../../platform/policy';
import { agentContext } from '../../platform/request-context';
import { agentOnly, errors, security, tags } from './agent-route-schema';
import { listOfferedContracts } from './list-own-contracts';
import { offerContract } from './offer-contract';
import { processContractRelay } from './process-contract-relay';
import { terminateContract } from './terminate-contract';

/** Contracts an agent offers to its direct downlines, and every real member's contract relays (list, accept, reject, terminate, bills). */
export async function contractRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    AGENT_PATHS.offeredContracts,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Contracts the agent offered',
        querystring: offeredContractsQuery,
        response: { 200: offeredContractsResponse, ...errors },
      },
    },
    async (request) => {
      const page = await listOfferedContracts(request.server.db, currentMember(request).id, request.query, request.query);
      return ok(request, { ...page, pageNo: request.query.pageNo, pageSize: request.query.pageSize });
    },
  );

  app.post(
    AGENT_PATHS.offeredContracts,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Offer a contract to a direct downline',
        body: offerContractBody,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (request) => ok(request, await offerContract(agentContext(request), currentMember(request), request.body)),
  );

  app.post(
    AGENT_PATHS.terminateOfferedContract,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Terminate (or withdraw) a contract the agent offered',
        params: idParams,
        response: { 200: terminateContractResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        request,
        await terminateContract(agentContext(request), { kind: 'UPLINE', memberId: currentMember(request).id }, request.params.id),
      ),
  );

  for (const type of CONTRACT_TYPES) {
    app.post(
      CONTRACT_RELAY_PATHS[type],
      {
        preValidation: requireRealMember,
        schema: {
          tags: ['agent', 'relay'],
          security,
          summary: `${type} contracts of the caller: list, accept, reject, terminate, bills`,
          body: contractRelayBody,
          response: { 200: contractRelayResponse, ...errors },
        },
      },
      async (request) => ok(request, await processContractRelay(agentContext(request), currentMember(request), type, request.body)),
    );
  }
}
