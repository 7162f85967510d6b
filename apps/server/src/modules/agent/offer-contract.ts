import type { ContractTermsInput, ContractType, ContractValue } from '@kismat/contracts/agent';
import { agentContracts } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import { sqlStateOf } from '../../platform/database-errors';
import { AppError } from '../../platform/errors';
import { isAgent, isTrial } from '../../platform/policy';
import type { AgentContext } from '../../platform/request-context';
import { findMemberById } from '../member/index';
import { assertAgentPolicyOn } from './agent-policy-flag';
import { contractViewById, findActiveContract, findContract } from './contract-queries';
import { findExcess, maxRateOf, normalizeTerms, storeTiers, termsOf } from './contract-terms';
import { assertDirectDownline } from './policy';

export interface OfferContractInput {
  memberId: number;
  type: ContractType;
  terms: ContractTermsInput;
  invitationId?: number;
}

/**
 * Offers a contract (PENDING) to a direct downline, or from the platform (`offerer` null) to a
 * top-level agent. The terms may not exceed the offerer's own ACTIVE contract of the type.
 */
export async function offerContract(ctx: AgentContext, offerer: MemberRow | null, input: OfferContractInput): Promise<ContractValue> {
  assertAgentPolicyOn(ctx.merchant);
  const terms = normalizeTerms(input.type, input.terms);
  let member: MemberRow;
  if (offerer) {
    member = await assertDirectDownline(ctx.db, offerer.id, input.memberId);
    const own = await findActiveContract(ctx.db, offerer.id, input.type);
    if (!own) throw new AppError('CONTRACT_EXCEEDS_UPLINE', { value: { reason: 'no_own_contract' } });
    const excess = findExcess(terms, termsOf(own));
    if (excess) throw new AppError('CONTRACT_EXCEEDS_UPLINE', { value: { reason: excess } });
  } else {
    member = await loadTopLevelAgent(ctx, input.memberId);
  }
  if (member.status !== 'ACTIVE' || isTrial(member) || member.merchantId !== ctx.merchant.id) throw new AppError('NOT_IN_TEAM');
  if (await findContract(ctx.db, member.id, input.type, ['PENDING'])) throw new AppError('CONTRACT_OFFER_PENDING');
  try {
    const [row] = await ctx.db
      .insert(agentContracts)
      .values({
        merchantId: ctx.merchant.id,
        type: input.type,
        status: 'PENDING',
        offererId: offerer?.id ?? null,
        memberId: member.id,
        period: terms.period,
        basis: terms.basis,
        activeMemberMinBet: terms.activeMemberMinBet,
        tiers: storeTiers(terms.tiers),
        maxRateBps: maxRateOf(terms.tiers),
        invitationId: input.invitationId ?? null,
        offeredAt: ctx.now,
      })
      .returning();
    if (!row) throw new Error('contract insert returned nothing');
    return contractViewById(ctx.db, row.id);
  } catch (error) {
    // Two offers racing: the partial unique index keeps one PENDING per member and type.
    if (sqlStateOf(error) === '23505') throw new AppError('CONTRACT_OFFER_PENDING');
    throw error;
  }
}

async function loadTopLevelAgent(ctx: AgentContext, memberId: number): Promise<MemberRow> {
  const member = await findMemberById(ctx.db, ctx.merchant.id, memberId);
  if (!member || !isAgent(member)) throw new AppError('NOT_IN_TEAM');
  if (member.uplineId !== null) {
    const upline = await findMemberById(ctx.db, ctx.merchant.id, member.uplineId);
    // An agent under another agent gets its terms from that agent, bounded by the upline's own.
    if (upline && isAgent(upline)) throw new AppError('CONTRACT_NOT_TOP_LEVEL');
  }
  return member;
}
