import type { forgotByEmailBody } from '@kismat/contracts/member';
import { and, count, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { passwordResetTokens } from '../../db/schema/accounts';
import { recordMemberAudit } from '../../platform/audit';
import { generateToken, hashToken } from '../../platform/auth';
import type { AccountContext } from '../../platform/request-context';
import { findMemberByUsername } from './member-queries';
import { resetEmailSubject, resetEmailText } from './reset-texts';

export const RESET_LINK_MINUTES = 30;
const RESETS_PER_DAY = 5;

/**
 * The reset page of the merchant's own site: its configured public origin, else its main domain;
 * never the request's Host header, which a caller controls.
 */
export function resetLink(site: { mainDomain: string; publicOrigin: string | null }, token: string): string {
  if (site.publicOrigin) return `${site.publicOrigin}/?resetToken=${token}`;
  const isLocal = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(site.mainDomain);
  return `${isLocal ? 'http' : 'https'}://${site.mainDomain}/?resetToken=${token}`;
}

/**
 * /wps/member/password/email: e-mails a single-use reset link when username and e-mail belong
 * together. The answer is always the same (issue 3: no response reveals whether an account
 * exists), so the spec's "Username/Email does not exist" is deliberately never sent.
 */
export async function requestPasswordResetEmail(
  ctx: AccountContext,
  body: z.output<typeof forgotByEmailBody>,
  publicOrigin: string | null = null,
): Promise<{ expiredMinutes: number }> {
  const member = await findMemberByUsername(ctx.db, ctx.merchant.id, body.username);
  const email = body.email.trim().toLowerCase();
  const isMatch = member !== null && member.status === 'ACTIVE' && member.email !== null && member.email === email;
  if (!member || !isMatch) return { expiredMinutes: RESET_LINK_MINUTES };

  const [recent] = await ctx.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.memberId, member.id), gt(passwordResetTokens.createdAt, new Date(ctx.now.getTime() - 86_400_000))));
  if ((recent?.n ?? 0) >= RESETS_PER_DAY) return { expiredMinutes: RESET_LINK_MINUTES };

  const token = generateToken();
  await ctx.db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    memberId: member.id,
    ip: ctx.origin.ip,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + RESET_LINK_MINUTES * 60_000),
  });
  await recordMemberAudit(ctx.db, ctx, { memberId: member.id, actor: 'ANONYMOUS', action: 'password.reset_link_sent' });
  try {
    await ctx.messages.mail.send({
      merchantId: ctx.merchant.id,
      to: email,
      subject: resetEmailSubject(ctx.language),
      text: resetEmailText(ctx.language, resetLink({ mainDomain: ctx.merchant.mainDomain, publicOrigin }, token), RESET_LINK_MINUTES),
    });
  } catch {
    // Same answer as ever: a mail failure must not reveal that the pair matched.
  }
  return { expiredMinutes: RESET_LINK_MINUTES };
}
