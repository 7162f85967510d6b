import { FORCED_CHANGE_PASSWORD } from '@kismat/contracts/constants';
import { parseLanguage } from '@kismat/contracts/languages';
import { and, eq } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import { sqlStateOf } from '../../platform/database-errors';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import {
  checkField,
  essentialRule,
  fieldError,
  hashPassword,
  isPasswordTooGuessable,
  loadRegistrationRules,
  newAffiliateCode,
  normalizeUsername,
  otherMessage,
} from '../member/index';
import { ensureMemberAccounts } from '../wallet/index';
import { assertMayCreateType, isAgentType } from './policy';

/**
 * The site's password rule and the common-password check, as for a member who signs up:
 * agents handing out "123456" or "aaaaaa" accounts would give their downlines' money away.
 */
async function checkDownlinePassword(ctx: AgentContext, agent: MemberRow, username: string, password: string): Promise<void> {
  const language = ctx.language ?? parseLanguage(agent.language);
  const rules = await loadRegistrationRules(ctx.db, ctx.merchant.id);
  const ruleError = checkField(essentialRule(rules, 'password'), password, language);
  if (ruleError) throw new AppError('VALIDATION_FAILED', { value: { fields: [ruleError] } });
  if (password === FORCED_CHANGE_PASSWORD || isPasswordTooGuessable(password, [username])) {
    throw new AppError('VALIDATION_FAILED', {
      value: { fields: [fieldError('password', 'invalid', otherMessage('passwordTooCommon', language))] },
    });
  }
}

/**
 * Register centre: the agent creates an account directly under itself (its tree row, closure
 * rows and ledger accounts in one transaction). New agents get their own invitation code.
 */
export async function registerDownline(
  ctx: AgentContext,
  agent: MemberRow,
  input: { username: string; password: string; nickname?: string | undefined; type: number },
): Promise<MemberRow> {
  assertMayCreateType(agent, input.type);
  const username = normalizeUsername(input.username);
  await checkDownlinePassword(ctx, agent, username, input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantId, ctx.merchant.id), eq(members.username, username)))
        .limit(1);
      if (existing) throw new AppError('USERNAME_TAKEN');
      const [member] = await tx
        .insert(members)
        .values({
          merchantId: ctx.merchant.id,
          username,
          type: input.type,
          uplineId: agent.id,
          affiliateCode: isAgentType(input.type) ? newAffiliateCode() : null,
          nickname: input.nickname ?? username,
          language: agent.language,
          passwordHash,
          registerType: 'USERNAME',
          registerMethod: 'AGENT',
          createdAt: ctx.now,
        })
        .returning();
      if (!member) throw new Error('member insert returned nothing');
      const ancestors = await tx.select().from(memberTree).where(eq(memberTree.descendantId, agent.id));
      await tx
        .insert(memberTree)
        .values([
          { ancestorId: member.id, descendantId: member.id, depth: 0 },
          ...ancestors.map((row) => ({ ancestorId: row.ancestorId, descendantId: member.id, depth: row.depth + 1 })),
        ]);
      await ensureMemberAccounts(tx, { merchantId: ctx.merchant.id, memberId: member.id, currency: ctx.merchant.currency });
      return member;
    });
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new AppError('USERNAME_TAKEN');
    throw error;
  }
}
