import {
  AGENT_PATHS,
  createInvitationBody,
  idParams,
  invitationResponse,
  invitationsQuery,
  invitationsResponse,
} from '@kismat/contracts/agent';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { publicOriginOf } from '../../platform/public-origin';
import { agentContext } from '../../platform/request-context';
import { agentOnly, errors, security, tags } from './agent-route-schema';
import { createInvitation, disableInvitation, listInvitations } from './manage-invitations';

/** The agent centre invitation links: list, create, disable. */
export async function invitationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    AGENT_PATHS.invitations,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Invitation links',
        querystring: invitationsQuery,
        response: { 200: invitationsResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await listInvitations(agentContext(request), publicOriginOf(request), currentMember(request), request.query)),
  );

  app.post(
    AGENT_PATHS.invitations,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Create an invitation link',
        body: createInvitationBody,
        response: { 200: invitationResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await createInvitation(agentContext(request), publicOriginOf(request), currentMember(request), request.body)),
  );

  app.post(
    AGENT_PATHS.invitationDisable,
    {
      ...agentOnly,
      schema: { tags, security, summary: 'Disable an invitation link', params: idParams, response: { 200: invitationResponse, ...errors } },
    },
    async (request) =>
      ok(request, await disableInvitation(agentContext(request), publicOriginOf(request), currentMember(request), request.params.id)),
  );
}
