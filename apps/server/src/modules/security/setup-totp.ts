import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { updateMember } from '../member/index';
import { generateTotpSecret, otpauthUrl } from './totp';

/** POST /wps/member/security/totp/setup: a fresh secret to scan; inactive until a code from it is confirmed. */
export async function setupTotp(ctx: AccountContext, member: MemberRow): Promise<{ secret: string; otpauthUrl: string }> {
  if (member.totpEnabledAt) throw new AppError('ALREADY_BOUND');
  const secret = generateTotpSecret();
  await updateMember(ctx.db, member.id, { totpSecret: secret, updatedAt: ctx.now });
  return { secret, otpauthUrl: otpauthUrl(secret, member.username, ctx.merchant.name) };
}
