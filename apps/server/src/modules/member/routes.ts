import {
  affiliateQuery,
  affiliateResponse,
  changePasswordBody,
  consolidatedResponse,
  forgotByEmailBody,
  forgotByEmailResponse,
  MEMBER_PATHS,
  memberIconResponse,
  memberInfoResponse,
  passwordResetResponse,
  registerBody,
  registerSettingResponse,
  resetByEmailTokenBody,
  resetByPhoneBody,
  setMemberIconBody,
} from '@kismat/contracts/member';
import { loginResponse, registerResponse } from '@kismat/contracts/session';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceIdOf } from '../../platform/audit';
import { currentMember, currentSession } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireMember, requireRealMember } from '../../platform/policy';
import { configuredPublicOrigin } from '../../platform/public-origin';
import { clientIp, publicRateLimit } from '../../platform/rate-limit-keys';
import { setRefreshCookie } from '../../platform/refresh-cookie';
import { accountContext } from '../../platform/request-context';
import { defineRoutes } from '../../platform/route';
import { bearerSecurity as bearer, errors } from '../../platform/route-docs';
import { changeMemberPassword } from './change-member-password';
import { checkAffiliateCode } from './check-affiliate-code';
import { getRegisterSetting } from './get-register-setting';
import type { MemberRoutesOptions } from './invitation-links';
import { markFirstLoginDone } from './mark-first-login-done';
import { presentMemberInfo } from './present-member-info';
import { registerMember } from './register-member';
import { requestPasswordResetEmail } from './request-password-reset-email';
import { resetPasswordWithPhone } from './reset-password-with-phone';
import { resetPasswordWithToken } from './reset-password-with-token';
import { resetEmailSentMessage } from './reset-texts';
import { setMemberIcon } from './set-member-icon';

/** Member calls; registration's invitation links and the consolidated flags come from the agent module through the registry. */
export async function memberRoutes(root: FastifyInstance, options: MemberRoutesOptions): Promise<void> {
  const { invitationLinks, getConsolidatedFlags, friendReferrals } = options;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    MEMBER_PATHS.info,
    {
      preValidation: requireMember,
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['member'],
        summary: 'Member info and state (balance, flags, counters)',
        security: bearer,
        response: { 200: memberInfoResponse, ...errors },
      },
    },
    async (request) => ok(request, await presentMemberInfo(request.server.db, currentMember(request), request.merchant)),
  );

  app.get(
    MEMBER_PATHS.icon,
    {
      preValidation: requireMember,
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['member'],
        summary: 'The member avatar (preset icon id)',
        security: bearer,
        response: { 200: memberIconResponse, ...errors },
      },
    },
    async (request) => ok(request, { iconId: currentMember(request).iconId }),
  );

  const route = defineRoutes(app, { tags: ['member'] });
  route.put(
    MEMBER_PATHS.icon,
    { summary: 'Choose the member avatar', body: setMemberIconBody, response: memberIconResponse, preValidation: requireRealMember },
    async (request) => {
      const member = await setMemberIcon(request.server.db, currentMember(request), request.body.iconId, request.server.now());
      return { iconId: member.iconId };
    },
  );

  route.get(
    MEMBER_PATHS.consolidated,
    {
      tags: ['member', 'agent'],
      summary: 'Which agent contract types apply to the member: a PENDING offer or an ACTIVE contract (all false when AGENTPOLICY3 is off)',
      response: consolidatedResponse,
      preValidation: requireRealMember,
    },
    async (request) => await getConsolidatedFlags({ db: request.server.db, merchant: request.merchant }, currentMember(request)),
  );

  for (const [url, variant] of [
    [MEMBER_PATHS.register, 'USERNAME'],
    [MEMBER_PATHS.registerMobile, 'MOBILE'],
  ] as const) {
    route.put(
      url,
      {
        summary: variant === 'USERNAME' ? 'Register by username (E)' : 'Register by mobile number; the username is the number (E)',
        description:
          'Fields are checked against GET /wps/member/register/setting; failures answer VALIDATION_FAILED with value.fields [{ field, patternId, reason, message }]. acceptTerms must be true.',
        body: registerBody,
        response: registerResponse,
        security: false,
        encrypted: true,
        rateLimit: publicRateLimit('register'),
      },
      async (request, reply) => {
        const registered = await registerMember(accountContext(request), variant, request.body, invitationLinks, {
          friendReferrals,
          deviceId: deviceIdOf(request.headers['x-device-id']),
        });
        setRefreshCookie(request, reply, registered.refreshToken);
        return { userName: registered.userName, login: registered.login };
      },
    );
  }

  route.get(
    MEMBER_PATHS.registerSetting,
    {
      summary: 'What the register popup shows and requires (set-register)',
      response: registerSettingResponse,
      security: false,
      rateLimit: publicRateLimit('affiliate'),
    },
    async (request) => await getRegisterSetting(request.server.db, request.merchant),
  );

  route.post(
    MEMBER_PATHS.firstLogin,
    { summary: 'The first-login action: marks the welcome flow done', response: memberInfoResponse, preValidation: requireMember },
    async (request) => {
      const member = await markFirstLoginDone(request.server.db, currentMember(request), request.server.now());
      return await presentMemberInfo(request.server.db, member, request.merchant);
    },
  );

  app.post(
    MEMBER_PATHS.changePassword,
    {
      preValidation: requireRealMember,
      config: {
        encrypted: true,
        allowPendingPasswordChange: true,
        // Guessing the old password through a stolen session is bounded per client too.
        rateLimit: { max: 10, timeWindow: 60_000, keyGenerator: clientIp },
      },
      schema: {
        tags: ['member', 'security'],
        summary: 'Change the login password (E): every session ends; the answer carries a new session',
        security: bearer,
        body: changePasswordBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request) => {
      const opened = await changeMemberPassword(accountContext(request), currentMember(request), currentSession(request), request.body);
      return ok(request, opened.result);
    },
  );

  app.post(
    MEMBER_PATHS.forgotByEmail,
    {
      config: { rateLimit: publicRateLimit('passwordReset') },
      schema: {
        tags: ['member'],
        summary: 'Forgot by e-mail (form-encoded): e-mails a reset link when username and e-mail match; same answer either way',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: forgotByEmailBody,
        response: { 200: forgotByEmailResponse, ...errors },
      },
    },
    async (request) => {
      const sent = await requestPasswordResetEmail(
        accountContext(request),
        request.body,
        configuredPublicOrigin(request.merchant, request.server.config.PUBLIC_ORIGIN),
      );
      return { ...ok(request, sent), message: resetEmailSentMessage(request.language) };
    },
  );

  route.post(
    MEMBER_PATHS.resetByEmailToken,
    {
      summary: 'Set a new password with the token of the reset e-mail link (E)',
      body: resetByEmailTokenBody,
      response: passwordResetResponse,
      security: false,
      encrypted: true,
      rateLimit: publicRateLimit('passwordReset'),
    },
    async (request) => await resetPasswordWithToken(accountContext(request), request.body),
  );

  route.post(
    MEMBER_PATHS.resetByPhone,
    {
      summary: 'Set a new password with an SMS code from /wps/verification/sms/noLogin (E)',
      body: resetByPhoneBody,
      response: passwordResetResponse,
      security: false,
      encrypted: true,
      rateLimit: publicRateLimit('passwordReset'),
    },
    async (request) => await resetPasswordWithPhone(accountContext(request), request.body),
  );

  route.get(
    MEMBER_PATHS.affiliate,
    {
      tags: ['member', 'agent'],
      summary: 'Is this invitation code an agent of this site? INVALID_AFFILIATE_CODE otherwise',
      querystring: affiliateQuery,
      response: affiliateResponse,
      security: false,
      rateLimit: publicRateLimit('affiliate'),
    },
    async (request) =>
      await checkAffiliateCode(request.server.db, request.merchant.id, request.query.code, invitationLinks, friendReferrals),
  );
}
