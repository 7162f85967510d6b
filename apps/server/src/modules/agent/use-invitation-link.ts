import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import { type AgentInvitationRow, agentInvitations } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import { findAgentByAffiliateCode, findMemberById, normalizeAffiliateCode } from '../member/index';
import { termsOf, toTermsInput } from './contract-terms';
import { offerContract } from './offer-contract';
import { creatableTypes, isAgentType } from './policy';

/** Who a registration code points at: an agent's own affiliate code, or one of its invitation links. */
export interface ResolvedInvitation {
  agent: MemberRow;
  /** Null for the agent's own affiliate code. */
  invitation: AgentInvitationRow | null;
  /** The account type the new member gets: the link's type when the agent may still create it, else a player. */
  memberType: number;
}

/**
 * Resolves a registration code. The agent's own code wins (it is checked for uniqueness against
 * links when links are created); otherwise an enabled link whose agent is an active agent.
 */
export async function resolveInvitationCode(db: DbOrTx, merchantId: number, code: string): Promise<ResolvedInvitation | null> {
  const agent = await findAgentByAffiliateCode(db, merchantId, code);
  if (agent) return { agent, invitation: null, memberType: MEMBER_TYPE.MEMBER };
  const [invitation] = await db
    .select()
    .from(agentInvitations)
    .where(
      and(
        eq(agentInvitations.merchantId, merchantId),
        eq(agentInvitations.code, normalizeAffiliateCode(code)),
        eq(agentInvitations.isActive, true),
      ),
    )
    .limit(1);
  if (!invitation) return null;
  const owner = await findMemberById(db, merchantId, invitation.agentId);
  // A link of an agent that was suspended or demoted brings nobody in.
  if (owner?.status !== 'ACTIVE' || !isAgentType(owner.type)) return null;
  // The type was checked when the link was made; the agent's own type may have changed since.
  const memberType = creatableTypes(owner).includes(invitation.memberType) ? invitation.memberType : MEMBER_TYPE.MEMBER;
  return { agent: owner, invitation, memberType };
}

/**
 * Counts a registration on the link, inside the registration's transaction. A link disabled
 * between the lookup and now refuses the registration rather than counting it.
 */
export async function countInvitationRegistration(tx: DbOrTx, invitationId: number): Promise<void> {
  const [row] = await tx
    .update(agentInvitations)
    .set({ registrations: sql`${agentInvitations.registrations} + 1` })
    .where(and(eq(agentInvitations.id, invitationId), eq(agentInvitations.isActive, true)))
    .returning({ id: agentInvitations.id });
  if (!row) throw new AppError('INVALID_AFFILIATE_CODE');
}

/**
 * Offers the link's default contract to the member it just brought in, through offerContract so
 * the usual checks apply (the agent's own contract may have dropped since the link was made).
 * Returns the refusal code instead of throwing: the registration has already happened and must
 * not fail because the agent can no longer afford the terms.
 */
export async function offerInvitationContract(
  ctx: AgentContext,
  agent: MemberRow,
  invitation: AgentInvitationRow,
  memberId: number,
): Promise<{ contractId: number } | { refused: string } | null> {
  const stored = invitation.defaultContract;
  if (!stored) return null;
  const terms = termsOf({
    period: stored.period,
    basis: stored.basis,
    activeMemberMinBet: BigInt(stored.activeMemberMinBet),
    tiers: stored.tiers,
  });
  try {
    const offered = await offerContract(ctx, agent, {
      memberId,
      type: stored.type,
      terms: toTermsInput(terms),
      invitationId: invitation.id,
    });
    return { contractId: offered.id };
  } catch (error) {
    if (error instanceof AppError) return { refused: error.code };
    throw error;
  }
}
