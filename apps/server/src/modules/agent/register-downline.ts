import { FORCED_CHANGE_PASSWORD } from '@kismat/contracts/constants';
import { parseLanguage } from '@kismat/contracts/languages';
import type { MemberRow } from '../../platform/auth';
import { sqlStateOf } from '../../platform/database-errors';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import {
  checkField,
  essentialRule,
  fieldError,
  findMemberByUsername,
  hashPassword,
  insertMember,
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
      if (await findMemberByUsername(tx, ctx.merchant.id, username)) throw new AppError('USERNAME_TAKEN');
      const member = await insertMember(tx, {
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
      });
      await ensureMemberAccounts(tx, { merchantId: ctx.merchant.id, memberId: member.id, currency: ctx.merchant.currency });
      return member;
    });
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new AppError('USERNAME_TAKEN');
    throw error;
  }
}
