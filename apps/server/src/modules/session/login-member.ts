import { FORCED_CHANGE_PASSWORD } from '@kismat/contracts/constants';
import type { loginBody } from '@kismat/contracts/session';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { checkCaptcha } from '../../platform/captcha';
import { AppError } from '../../platform/errors';
import { isFlagOn } from '../../platform/flags';
import { memberFailureStore } from '../../platform/login-failures';
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure, throttleSettingsOf } from '../../platform/login-throttle';
import { accountSettingsOf } from '../../platform/merchant-settings';
import { isAgent } from '../../platform/policy';
import type { AccountContext } from '../../platform/request-context';
import {
  consumeVerificationCode,
  findMemberByMobile,
  findMemberByUsername,
  isTrustedLoginIp,
  normalizeUsername,
  type OpenedSession,
  openMemberSession,
  parseMobileNumber,
  verifyPassword,
} from '../member/index';
import { admitLogin } from '../responsible-gambling/index';
import { availableSecondFactors, createLoginChallenge } from './login-challenges';

export type LoginInput = z.output<typeof loginBody>;

/** Whether the password is past the merchant's maximum age (only enforced with PWDEXPFORCECHANGE3). */
export function isPasswordExpired(ctx: AccountContext, passwordChangedAt: Date): boolean {
  if (!isFlagOn(ctx.merchant, 'PWDEXPFORCECHANGE3')) return false;
  const maxAgeMs = accountSettingsOf(ctx.merchant, ctx.config).passwordMaxAgeDays * 86_400_000;
  return ctx.now.getTime() - passwordChangedAt.getTime() > maxAgeMs;
}

/**
 * POST /wps/session/login. Unknown account, wrong password, wrong SMS code and an account
 * without a password all end in the same LOGIN_FAILED with the same work done (a dummy
 * argon2 verify), so neither the answer nor its timing tells whether an account exists.
 * Failures are counted per typed account name, per (name, IP) and per IP (login-throttle.ts):
 * past the thresholds a captcha is required and the guessing source waits longer and longer,
 * while the owner signing in from elsewhere is not locked out.
 */
export async function loginMember(ctx: AccountContext, input: LoginInput): Promise<OpenedSession> {
  const { db, config, merchant, now, origin } = ctx;
  const isSms = input.type === 'sms';
  if (isSms && !isFlagOn(merchant, 'MOBILEVERCODELOGIN3')) throw new AppError('FEATURE_DISABLED');

  const settings = accountSettingsOf(merchant, config);
  let accountKey: string;
  let mobile: ReturnType<typeof parseMobileNumber> = null;
  if (isSms) {
    mobile = parseMobileNumber(input.countryDialingCode, input.username, settings.defaultDialingCode);
    if (!mobile) throw new AppError('MOBILE_INVALID');
    accountKey = mobile.e164;
  } else {
    accountKey = normalizeUsername(input.username);
  }

  const throttle = memberFailureStore(db, merchant.id);
  const source = { account: accountKey, ip: origin.ip };
  const throttleSettings = throttleSettingsOf(config);
  const { needsCaptcha } = await checkLoginThrottle(throttle, source, { now, settings: throttleSettings, language: ctx.language });
  if (needsCaptcha) {
    await checkCaptcha(db, { answer: input.captcha, id: ctx.captchaIdOf(input.captchaId), now }, { value: { captcha: true } });
  }

  let member = null;
  let isVerified = false;
  if (isSms && mobile) {
    member = await findMemberByMobile(db, merchant.id, mobile.e164);
    const check = await consumeVerificationCode(db, {
      merchantId: merchant.id,
      channel: 'SMS',
      recipient: mobile.e164,
      purposes: ['NO_LOGIN'],
      code: input.password,
      now,
    });
    isVerified = check === 'OK' && member !== null;
  } else {
    member = await findMemberByUsername(db, merchant.id, accountKey);
    // Mobile sign-ups may type their number in the username tab.
    if (!member && /^\+?\d{6,17}$/.test(accountKey)) {
      const asMobile = parseMobileNumber(undefined, accountKey, settings.defaultDialingCode);
      if (asMobile) member = await findMemberByMobile(db, merchant.id, asMobile.e164);
    }
    isVerified = await verifyPassword(member?.passwordHash, input.password);
  }

  if (!member || !isVerified) {
    const after = await recordLoginFailure(throttle, source, { now, settings: throttleSettings });
    await recordAudit(db, {
      merchantId: merchant.id,
      memberId: member?.id ?? null,
      actor: 'ANONYMOUS',
      action: 'login.failed',
      origin,
      detail: { type: input.type, account: accountKey },
      at: now,
    });
    throw new AppError('LOGIN_FAILED', { value: { captcha: after.captcha } });
  }

  if (member.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');
  if (input.agentLogin && !isAgent(member)) throw new AppError('AGENT_ONLY');
  await clearLoginFailures(throttle, source);
  // A running time-out or self-exclusion refuses the login, saying until when (issue 17).
  await admitLogin(db, {
    merchantId: merchant.id,
    memberId: member.id,
    now,
    language: ctx.language,
    utcOffsetMinutes: merchant.utcOffsetMinutes,
  });

  const passwordExpired = isPasswordExpired(ctx, member.passwordChangedAt);
  // The spec: 123456 or an expired password opens the change-password popup, never after an SMS login.
  const forceChangePassword = !isSms && (input.password === FORCED_CHANGE_PASSWORD || passwordExpired);
  const remember = input.remember === true;

  if (settings.loginVerification.enabled && !(await isTrustedLoginIp(db, member.id, origin.ip))) {
    const methods = await availableSecondFactors(db, member, settings.loginVerification.methods);
    if (methods.length > 0) {
      const challenge = await createLoginChallenge(ctx, {
        member,
        methods,
        remember,
        loginType: input.type,
        passwordExpired,
        forceChangePassword,
      });
      await recordAudit(db, {
        merchantId: merchant.id,
        memberId: member.id,
        actor: 'MEMBER',
        action: 'login.second_factor_required',
        origin,
        detail: { methods },
        at: now,
      });
      throw new AppError('LOGIN_VERIFICATION_REQUIRED', { value: challenge });
    }
  }

  return openMemberSession(ctx, {
    member,
    remember,
    passwordExpired,
    forceChangePassword,
    auditAction: isSms ? 'login.sms' : 'login.password',
    auditDetail: { agentLogin: input.agentLogin === true },
  });
}
