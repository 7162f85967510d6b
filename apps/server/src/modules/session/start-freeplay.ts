import { randomBytes } from 'node:crypto';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { AppError } from '../../platform/errors';
import { isFlagOn } from '../../platform/flags';
import type { AccountContext } from '../../platform/request-context';
import { insertMember, type OpenedSession, openMemberSession } from '../member/index';
import { ensureMemberWallet } from '../wallet/index';

/**
 * POST /wps/session/login/freeplay: a trial (type 4) player with no password, logged in at
 * once. Trial players are refused every member-only call (TRIAL_FORBIDDEN) and their play
 * money, kept apart by the wallet, can never become real money.
 */
export async function startFreeplay(ctx: AccountContext, input: { language: string }): Promise<OpenedSession> {
  if (!isFlagOn(ctx.merchant, 'FREEPLAY3')) throw new AppError('FEATURE_DISABLED');
  const suffix = randomBytes(6).toString('hex');
  const member = await ctx.db.transaction(async (tx) => {
    return insertMember(tx, {
      merchantId: ctx.merchant.id,
      username: `trial_${suffix}`,
      type: MEMBER_TYPE.TRIAL,
      nickname: `Trial ${suffix.slice(-4).toUpperCase()}`,
      language: input.language,
      isFirstLogin: false,
      registerType: 'TRIAL',
      registerIp: ctx.origin.ip,
      createdAt: ctx.now,
      passwordChangedAt: ctx.now,
    });
  });
  // The play money is granted now, so the login's member info (the header) already shows the
  // figure the games will show, not 0.00 until the first game opens the wallet.
  await ensureMemberWallet(ctx.db, ctx.merchant, member);
  return openMemberSession(ctx, {
    member,
    remember: false,
    passwordExpired: false,
    forceChangePassword: false,
    auditAction: 'login.freeplay',
  });
}
