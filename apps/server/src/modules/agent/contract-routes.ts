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
import { currentMember } from '../../platform/auth';
import { requireAgent, requireRealMember } from '../../platform/policy';
import { agentContext } from '../../platform/request-context';
import { defineRoutes } from '../../platform/route';
import { tags } from './agent-route-schema';
import { listOfferedContracts } from './list-own-contracts';
import { offerContract } from './offer-contract';
import { processContractRelay } from './process-contract-relay';
import { terminateContract } from './terminate-contract';

/** Contracts an agent offers to its direct downlines, and every real member's contract relays (list, accept, reject, terminate, bills). */
export async function contractRoutes(root: FastifyInstance): Promise<void> {
  const route = defineRoutes(root, { tags, preValidation: requireAgent });

  route.get(
    AGENT_PATHS.offeredContracts,
    { summary: 'Contracts the agent offered', querystring: offeredContractsQuery, response: offeredContractsResponse },
    async (request) => {
      const page = await listOfferedContracts(request.server.db, currentMember(request).id, request.query, request.query);
      return { ...page, pageNo: request.query.pageNo, pageSize: request.query.pageSize };
    },
  );

  route.post(
    AGENT_PATHS.offeredContracts,
    { summary: 'Offer a contract to a direct downline', body: offerContractBody, response: contractResponse },
    async (request) => offerContract(agentContext(request), currentMember(request), request.body),
  );

  route.post(
    AGENT_PATHS.terminateOfferedContract,
    { summary: 'Terminate (or withdraw) a contract the agent offered', params: idParams, response: terminateContractResponse },
    async (request) => terminateContract(agentContext(request), { kind: 'UPLINE', memberId: currentMember(request).id }, request.params.id),
  );

  for (const type of CONTRACT_TYPES) {
    route.post(
      CONTRACT_RELAY_PATHS[type],
      {
        summary: `${type} contracts of the caller: list, accept, reject, terminate, bills`,
        body: contractRelayBody,
        response: contractRelayResponse,
        tags: ['agent', 'relay'],
        preValidation: requireRealMember,
      },
      async (request) => processContractRelay(agentContext(request), currentMember(request), type, request.body),
    );
  }
}
