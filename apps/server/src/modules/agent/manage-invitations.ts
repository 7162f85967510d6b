import type { ContractTermsInput, ContractType } from '@kismat/contracts/agent';
import { and, desc, eq } from 'drizzle-orm';
import { type AgentInvitationRow, agentInvitations } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import { sqlStateOf } from '../../platform/database-errors';
import { AppError } from '../../platform/errors';
import { pageOfRows } from '../../platform/page-of-rows';
import type { AgentContext } from '../../platform/request-context';
import { isAffiliateCodeTaken, newAffiliateCode } from '../member/index';
import { findActiveContract } from './contract-queries';
import { findExcess, loadTiers, normalizeTerms, presentTerms, storeTiers, termsOf } from './contract-terms';
import { assertMayCreateType } from './policy';

/**
 * An invitation link as the agent hands it out: the register page of the site's public origin
 * (platform/public-origin.ts) with the spec's `referralCode` query, which the site keeps until
 * the visitor registers.
 */
export function invitationUrl(siteOrigin: string, code: string): string {
  return `${siteOrigin}/register?referralCode=${encodeURIComponent(code)}`;
}

export function presentInvitation(row: AgentInvitationRow, siteOrigin: string) {
  const contract = row.defaultContract;
  return {
    id: row.id,
    code: row.code,
    memberType: row.memberType as 0 | 1 | 2 | 4 | 41 | 42,
    label: row.label ?? null,
    status: row.isActive ? ('ACTIVE' as const) : ('DISABLED' as const),
    defaultContract: contract
      ? {
          type: contract.type,
          terms: presentTerms({
            period: contract.period,
            basis: contract.basis,
            activeMemberMinBet: BigInt(contract.activeMemberMinBet),
            tiers: loadTiers(contract.tiers),
          }),
        }
      : null,
    registrations: row.registrations,
    url: invitationUrl(siteOrigin, row.code),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new invitation link. Its code is unique across links and agents' own codes of the merchant
 * (registration looks both up); its default contract is checked now like an offer, and again
 * when it is offered to someone who registered through it.
 */
export async function createInvitation(
  ctx: AgentContext,
  siteOrigin: string,
  agent: MemberRow,
  input: {
    memberType: number;
    label?: string | undefined;
    defaultContract?: { type: ContractType; terms: ContractTermsInput } | null | undefined;
  },
) {
  assertMayCreateType(agent, input.memberType);
  let defaultContract: AgentInvitationRow['defaultContract'] = null;
  if (input.defaultContract) {
    const terms = normalizeTerms(input.defaultContract.type, input.defaultContract.terms);
    const own = await findActiveContract(ctx.db, agent.id, input.defaultContract.type);
    const excess = own ? findExcess(terms, termsOf(own)) : 'no_own_contract';
    if (excess) throw new AppError('CONTRACT_EXCEEDS_UPLINE', { value: { reason: excess } });
    defaultContract = {
      type: input.defaultContract.type,
      period: terms.period,
      basis: terms.basis,
      activeMemberMinBet: terms.activeMemberMinBet.toString(),
      tiers: storeTiers(terms.tiers),
    };
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newAffiliateCode();
    if (await isAffiliateCodeTaken(ctx.db, ctx.merchant.id, code)) continue;
    try {
      const [row] = await ctx.db
        .insert(agentInvitations)
        .values({
          merchantId: ctx.merchant.id,
          agentId: agent.id,
          code,
          memberType: input.memberType,
          label: input.label ?? null,
          defaultContract,
          createdAt: ctx.now,
        })
        .returning();
      if (row) return presentInvitation(row, siteOrigin);
    } catch (error) {
      if (sqlStateOf(error) !== '23505') throw error;
    }
  }
  throw new Error('could not find a free invitation code');
}

export async function listInvitations(
  ctx: AgentContext,
  siteOrigin: string,
  agent: MemberRow,
  query: { status?: 'ACTIVE' | 'DISABLED' | undefined; pageNo: number; pageSize: number },
) {
  const where = and(
    eq(agentInvitations.agentId, agent.id),
    query.status === undefined ? undefined : eq(agentInvitations.isActive, query.status === 'ACTIVE'),
  );
  const newestFirst = [desc(agentInvitations.createdAt), desc(agentInvitations.id)];
  const { rows, total } = await pageOfRows(ctx.db, agentInvitations, where, newestFirst, query);
  return {
    items: rows.map((row) => presentInvitation(row, siteOrigin)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Disables one of the caller's links; someone else's link looks like no link. */
export async function disableInvitation(ctx: AgentContext, siteOrigin: string, agent: MemberRow, id: number) {
  const [row] = await ctx.db
    .update(agentInvitations)
    .set({ isActive: false, disabledAt: ctx.now })
    .where(and(eq(agentInvitations.id, id), eq(agentInvitations.agentId, agent.id)))
    .returning();
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  return presentInvitation(row, siteOrigin);
}
