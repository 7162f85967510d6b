import {
  AGENT_PATHS,
  createInvitationBody,
  idParams,
  invitationResponse,
  invitationsQuery,
  invitationsResponse,
} from '@kismat/contracts/agent';
import type { FastifyInstance } from 'fastify';
import { currentMember } from '../../platform/auth';
import { requireAgent } from '../../platform/policy';
import { publicOriginOf } from '../../platform/public-origin';
import { agentContext } from '../../platform/request-context';
import { defineRoutes } from '../../platform/route';
import { tags } from './agent-route-schema';
import { createInvitation, disableInvitation, listInvitations } from './manage-invitations';

/** The agent centre invitation links: list, create, disable. */
export async function invitationRoutes(root: FastifyInstance): Promise<void> {
  const route = defineRoutes(root, { tags, preValidation: requireAgent });

  route.get(
    AGENT_PATHS.invitations,
    { summary: 'Invitation links', querystring: invitationsQuery, response: invitationsResponse },
    async (request) => listInvitations(agentContext(request), publicOriginOf(request), currentMember(request), request.query),
  );

  route.post(
    AGENT_PATHS.invitations,
    { summary: 'Create an invitation link', body: createInvitationBody, response: invitationResponse },
    async (request) => createInvitation(agentContext(request), publicOriginOf(request), currentMember(request), request.body),
  );

  route.post(
    AGENT_PATHS.invitationDisable,
    { summary: 'Disable an invitation link', params: idParams, response: invitationResponse },
    async (request) => disableInvitation(agentContext(request), publicOriginOf(request), currentMember(request), request.params.id),
  );
}
