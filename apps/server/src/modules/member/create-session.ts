import { REMEMBER_ME_DAYS } from '@kismat/contracts/constants';
import { sessions } from '../../db/schema/accounts';
import type { RequestOrigin } from '../../platform/audit';
import { generateToken, hashToken, type MemberRow, type SessionRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

export interface CreatedSession {
  /** Shown once to the client; only its hash is stored. */
  token: string;
  /** The remember-me refresh token for the HttpOnly cookie, when asked for. */
  refreshToken: string | null;
  session: SessionRow;
}

/** Opens a session: a 256-bit token, idle expiry from now, optionally a one-day refresh token. */
export async function createSession(
  db: DbOrTx,
  input: {
    member: Pick<MemberRow, 'id' | 'merchantId'>;
    origin: RequestOrigin;
    now: Date;
    idleMinutes: number;
    remember: boolean;
    requiresPasswordChange: boolean;
    /** A refreshed session keeps the refresh deadline of the login it continues. */
    refreshExpiresAt?: Date;
  },
): Promise<CreatedSession> {
  const token = generateToken();
  const refreshToken = input.remember ? generateToken() : null;
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: input.member.id,
      merchantId: input.member.merchantId,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.idleMinutes * 60_000),
      ip: input.origin.ip,
      userAgent: input.origin.userAgent,
      refreshTokenHash: refreshToken ? hashToken(refreshToken) : null,
      refreshExpiresAt: refreshToken ? (input.refreshExpiresAt ?? new Date(input.now.getTime() + REMEMBER_ME_DAYS * 86_400_000)) : null,
      requiresPasswordChange: input.requiresPasswordChange,
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  return { token, refreshToken, session };
}
