import { REMEMBER_ME_DAYS } from '@kismat/contracts/constants';
import { REFRESH_COOKIE } from '@kismat/contracts/session';
import type { FastifyReply, FastifyRequest } from 'fastify';

const REFRESH_COOKIE_PATH = '/wps/session';

export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.NODE_ENV === 'production';
}

/** The remember-me cookie: HttpOnly (script cannot read it), same-site only, scoped to the session calls. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, refreshToken: string | null): void {
  if (!refreshToken) return;
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    secure: isSecureRequest(request),
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: REMEMBER_ME_DAYS * 86_400,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
}
