import { ENCRYPTION_PATHS, publicKeyResponse } from '@kismat/contracts/encryption';
import {
  CAPTCHA_COOKIE,
  CAPTCHA_ID_HEADER,
  captchaResponse,
  emptyValueResponse,
  freeplayBody,
  loginBody,
  loginInfoResponse,
  loginResponse,
  loginVerificationBody,
  loginVerificationSendBody,
  loginVerificationSendResponse,
  REFRESH_COOKIE,
  SESSION_PATHS,
} from '@kismat/contracts/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit, requestOrigin } from '../../platform/audit';
import { currentMember, currentSession } from '../../platform/auth';
import { issueCaptcha } from '../../platform/captcha';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { clientKey, publicRateLimit } from '../../platform/rate-limit-keys';
import { clearRefreshCookie, isSecureRequest, setRefreshCookie } from '../../platform/refresh-cookie';
import { accountContext } from '../../platform/request-context';
import { revokeSession } from '../../platform/revoke-sessions';
import { defineRoutes } from '../../platform/route';
import { errors } from '../../platform/route-docs';
import { type OpenedSession, presentMemberInfo } from '../member/index';
import { answerNoLoginCode, codeSentAnswer, noLoginCodeRoute } from '../verification/index';
import { completeLoginChallenge } from './complete-login-challenge';
import { loginMember } from './login-member';
import { refreshSession } from './refresh-session';
import { sendLoginChallengeCode } from './send-login-challenge-code';
import { startFreeplay } from './start-freeplay';

/** A session was opened: the remember-me token goes into its HttpOnly cookie, the rest into the answer. */
function answerOpened(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession) {
  setRefreshCookie(request, reply, opened.refreshToken);
  return ok(request, opened.result);
}
export async function sessionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const route = defineRoutes(app, { tags: ['session'] });
  route.get(
    ENCRYPTION_PATHS.publicKey,
    {
      summary: 'Public key of the E calls (RSA-OAEP SHA-256; bodies sealed with AES-256-GCM)',
      response: publicKeyResponse,
      security: false,
      rateLimit: publicRateLimit('publicKey'),
    },
    async (request) => await request.server.payloadKeys.publicKey(request.server.now()),
  );

  route.get(
    SESSION_PATHS.captcha,
    {
      summary: 'A new captcha: value is a base64 PNG; its id is set as an HttpOnly cookie and in the x-captcha-id header',
      response: captchaResponse,
      security: false,
      rateLimit: publicRateLimit('captcha'),
    },
    async (request, reply) => {
      const { config } = request.server;
      const captcha = await issueCaptcha(request.server.db, {
        clientKey: clientKey(request),
        now: request.server.now(),
        ttlSeconds: config.CAPTCHA_TTL_SECONDS,
      });
      reply.header(CAPTCHA_ID_HEADER, captcha.id);
      reply.header('cache-control', 'no-store');
      reply.setCookie(CAPTCHA_COOKIE, captcha.id, {
        httpOnly: true,
        secure: isSecureRequest(request),
        sameSite: 'strict',
        path: '/',
        maxAge: config.CAPTCHA_TTL_SECONDS,
      });
      return captcha.pngBase64;
    },
  );

  app.post(
    SESSION_PATHS.login,
    {
      config: { encrypted: true, rateLimit: publicRateLimit('login') },
      schema: {
        tags: ['session'],
        summary: 'Log in by username and password, or by mobile number and SMS code (E)',
        description:
          'Failures answer LOGIN_FAILED (401) with value.captcha; when it is true, GET /wps/captcha and send `captcha` next time. ' +
          'A login from a new IP may answer LOGIN_VERIFICATION_REQUIRED (403) with a challenge for /wps/session/login/verification.',
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      return answerOpened(request, reply, await loginMember(accountContext(request), request.body));
    },
  );

  app.post(
    SESSION_PATHS.loginVerification,
    {
      config: { encrypted: true, rateLimit: publicRateLimit('loginVerification') },
      schema: {
        tags: ['session'],
        summary: 'Answer the second factor of a login from a new IP (E)',
        body: loginVerificationBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      return answerOpened(request, reply, await completeLoginChallenge(accountContext(request), request.body));
    },
  );

  app.post(
    SESSION_PATHS.loginVerificationSend,
    {
      config: { rateLimit: publicRateLimit('smsSend') },
      schema: {
        tags: ['session'],
        summary: 'Send the SMS or e-mail code of a second-factor challenge',
        body: loginVerificationSendBody,
        response: { 200: loginVerificationSendResponse, ...errors },
      },
    },
    async (request) => {
      const sent = await sendLoginChallengeCode(accountContext(request), request.body);
      return codeSentAnswer(request, { expiredMinutes: sent.expiredMinutes });
    },
  );

  app.post(
    SESSION_PATHS.loginCode,
    noLoginCodeRoute(['session', 'verification'], 'Send the SMS code of the SMS login tab (same as /wps/verification/sms/noLogin)'),
    (request) => answerNoLoginCode(request, request.body),
  );

  route.post(
    SESSION_PATHS.freeplay,
    {
      summary: 'Free play: a trial (type 4) account, logged in (needs FREEPLAY3)',
      body: freeplayBody,
      response: loginResponse,
      security: false,
      rateLimit: publicRateLimit('freeplay'),
    },
    async (request) => {
      const opened = await startFreeplay(accountContext(request), { language: request.language });
      return opened.result;
    },
  );

  app.post(
    SESSION_PATHS.refresh,
    {
      config: { rateLimit: publicRateLimit('refresh') },
      schema: {
        tags: ['session'],
        summary: 'Remember me: a new session from the HttpOnly refresh cookie (valid one day from login)',
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      try {
        if (!token) throw new AppError('AUTH_REQUIRED');
        return answerOpened(request, reply, await refreshSession(accountContext(request), token));
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.delete(
    SESSION_PATHS.logout,
    {
      preValidation: requireMember,
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['session'],
        summary: 'Log out: ends this session and forgets the remember-me cookie',
        security: [{ bearer: [] }],
        response: { 200: emptyValueResponse, ...errors },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      const session = currentSession(request);
      const now = request.server.now();
      await revokeSession(request.server.db, session.id, 'LOGOUT', now);
      await recordAudit(request.server.db, {
        merchantId: member.merchantId,
        memberId: member.id,
        actor: 'MEMBER',
        action: 'logout',
        origin: requestOrigin(request),
        detail: { sessionId: session.id },
        at: now,
      });
      clearRefreshCookie(reply);
      return ok(request, null);
    },
  );

  app.get(
    SESSION_PATHS.loginInfo,
    {
      preValidation: requireMember,
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['session'],
        summary: 'The login state: member info and flags the header and guards read',
        security: [{ bearer: [] }],
        response: { 200: loginInfoResponse, ...errors },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const session = currentSession(request);
      const info = await presentMemberInfo(request.server.db, member, request.merchant);
      return ok(request, {
        isLogin: true as const,
        merchantCode: request.merchant.code,
        isAgent: info.isAgent,
        isTrial: info.isTrial,
        firstTimeLogin: member.isFirstLogin,
        forceChangePassword: session.requiresPasswordChange,
        expiresAt: session.expiresAt.toISOString(),
        idleMinutes: request.server.config.SESSION_IDLE_MINUTES,
        member: info,
      });
    },
  );
}
