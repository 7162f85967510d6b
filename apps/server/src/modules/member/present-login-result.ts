import type { LoginResult } from '@kismat/contracts/session';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import type { CreatedSession } from './create-session';
import { presentMemberInfo } from './present-member-info';

export async function presentLoginResult(
  db: DbOrTx,
  input: {
    member: MemberRow;
    merchant: Merchant;
    created: CreatedSession;
    idleMinutes: number;
    passwordExpired: boolean;
    forceChangePassword: boolean;
  },
): Promise<LoginResult> {
  return {
    token: input.created.token,
    expiresAt: input.created.session.expiresAt.toISOString(),
    idleMinutes: input.idleMinutes,
    firstTimeLogin: input.member.isFirstLogin,
    passwordExpired: input.passwordExpired,
    forceChangePassword: input.forceChangePassword,
    userName: input.member.username,
    captcha: false,
    member: await presentMemberInfo(db, input.member, input.merchant),
  };
}
