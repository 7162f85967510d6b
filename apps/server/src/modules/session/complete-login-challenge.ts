import type { loginVerificationBody, SecondFactorMethod } from '@kismat/contracts/session';
import type { z } from 'zod';
import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import {
  claimTotpStep,
  consumeVerificationCode,
  findMemberById,
  normalizePersonName,
  type OpenedSession,
  openMemberSession,
} from '../member/index';
import { admitLogin } from '../responsible-gambling/index';
import { listConfirmedBankAccounts, matchTotp } from '../security/index';
import { closeChallenge, countChallengeFailure, findOpenChallenge } from './login-challenges';

async function checkAnswer(ctx: AccountContext, member: MemberRow, method: SecondFactorMethod, answer: string): Promise<boolean> {
  switch (method) {
    case 'SMS':
    case 'EMAIL': {
      const recipient = method === 'SMS' ? member.mobile : member.email;
      if (!recipient) return false;
      const check = await consumeVerificationCode(ctx.db, {
        merchantId: ctx.merchant.id,
        channel: method,
        recipient,
        purposes: ['LOGIN_VERIFY'],
        code: answer,
        now: ctx.now,
      });
      return check === 'OK';
    }
    case 'BANK_NAME': {
      const rows = await listConfirmedBankAccounts(ctx.db, member.id);
      return rows.some((row) => normalizePersonName(row.accountName) === normalizePersonName(answer));
    }
    case 'TOTP': {
      if (!member.totpSecret || !member.totpEnabledAt) return false;
      const step = matchTotp(member.totpSecret, answer, ctx.now);
      if (step === null) return false;
      // Claim the step: the same code (or an older one) cannot be replayed.
      return claimTotpStep(ctx.db, member.id, step);
    }
  }
}

/** POST /wps/session/login/verification: the second factor of a login from a new IP. */
export async function completeLoginChallenge(ctx: AccountContext, input: z.output<typeof loginVerificationBody>): Promise<OpenedSession> {
  const challenge = await findOpenChallenge(ctx.db, ctx.merchant.id, input.challengeId, ctx.now);
  if (!challenge?.methods.includes(input.method)) throw new AppError('VERIFICATION_CODE_INVALID');
  const member = await findMemberById(ctx.db, ctx.merchant.id, challenge.memberId);
  if (member?.status !== 'ACTIVE') throw new AppError('VERIFICATION_CODE_INVALID');

  const isRight = await checkAnswer(ctx, member, input.method, input.answer);
  if (!isRight) {
    await countChallengeFailure(ctx.db, challenge.id, ctx.now);
    await recordMemberAudit(ctx.db, ctx, {
      memberId: member.id,
      actor: 'ANONYMOUS',
      action: 'login.second_factor_failed',
      detail: { method: input.method },
    });
    throw new AppError('VERIFICATION_CODE_INVALID');
  }
  if (!(await closeChallenge(ctx.db, challenge.id, ctx.now))) throw new AppError('VERIFICATION_CODE_INVALID');
  // A time-out or self-exclusion taken meanwhile refuses the login (issue 17).
  await admitLogin(ctx.db, {
    merchantId: ctx.merchant.id,
    memberId: member.id,
    now: ctx.now,
    language: ctx.language,
    utcOffsetMinutes: ctx.merchant.utcOffsetMinutes,
  });

  return openMemberSession(ctx, {
    member,
    remember: challenge.remember,
    passwordExpired: challenge.passwordExpired,
    forceChangePassword: challenge.forceChangePassword,
    auditAction: 'login.second_factor',
    auditDetail: { method: input.method, loginType: challenge.loginType },
  });
}
