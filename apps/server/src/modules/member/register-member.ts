import { MEMBER_TYPE } from '@kismat/contracts/constants';
import type { FieldError, RegisterBody } from '@kismat/contracts/member';
import { MINIMUM_AGE_BIRTHDAY } from '@kismat/contracts/security';
import type { LoginResult } from '@kismat/contracts/session';
import { memberProfiles, members } from '../../db/schema/accounts';
import { recordAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { checkCaptcha } from '../../platform/captcha';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import { AppError } from '../../platform/errors';
import { isFlagOn } from '../../platform/flags';
import { accountSettingsOf } from '../../platform/merchant-settings';
import { isAgent } from '../../platform/policy';
import type { AccountContext } from '../../platform/request-context';
import { newAffiliateCode } from './affiliate-code';
import { isAtLeastYearsOld, toIsoDate } from './birthday';
import { consumeVerificationCode } from './consume-verification-code';
import { otherMessage } from './field-messages';
import { insertTreeRows } from './insert-member';
import type { FriendReferrals, InvitationLinks, ResolvedInvitation } from './invitation-links';
import { findMemberByMobile, findMemberByUsername, normalizeUsername } from './member-queries';
import { openMemberSession } from './open-member-session';
import { hashPassword } from './password-hash';
import { isPasswordTooGuessable } from './password-strength';
import { isTrivialPaymentPassword } from './payment-password-rules';
import { type MobileNumber, parseMobileNumber } from './phone-numbers';
import { checkField, essentialRule, fieldError, loadRegistrationRules, type RegistrationRules } from './registration-rules';

export type RegisterVariant = 'USERNAME' | 'MOBILE';

/** Optional profile fields of the form, stored only when the merchant's rule shows them. */
const PROFILE_FIELDS = ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'recommenderId'] as const;

function failValidation(fields: FieldError[]): never {
  throw new AppError('VALIDATION_FAILED', { value: { fields } });
}

function isShown(rules: RegistrationRules, field: string): boolean {
  return rules.get(field)?.shown === true;
}

/** A shown field's value, or undefined when the merchant hides it (hidden fields are ignored). */
function shownValue(rules: RegistrationRules, field: string, value: string | undefined): string | undefined {
  return isShown(rules, field) && value ? value : undefined;
}

interface CheckedForm {
  username: string;
  password: string | null;
  mobile: MobileNumber | null;
  email: string | null;
  affiliateCode: string | null;
  birthday: string | null;
}

/** Every field against the merchant's rules; all errors at once, in the request's language. */
function validateForm(ctx: AccountContext, rules: RegistrationRules, variant: RegisterVariant, body: RegisterBody): CheckedForm {
  const { language } = ctx;
  const errors: FieldError[] = [];
  const add = (error: FieldError | null) => {
    if (error) errors.push(error);
  };
  const mobileRule = rules.get('mobileNum');
  const isMobileVariant = variant === 'MOBILE';

  if (!isMobileVariant) add(checkField(essentialRule(rules, 'username'), body.username, language));

  // MOBILENUMPASSREG3 off: a mobile sign-up may skip the password and log in by SMS code.
  const needsPassword = !isMobileVariant || isFlagOn(ctx.merchant, 'MOBILENUMPASSREG3') || Boolean(body.password);
  if (needsPassword) {
    const passwordError = checkField(essentialRule(rules, 'password'), body.password, language);
    add(passwordError);
    // On top of the merchant's rule: a common or breached password is the first one tried.
    if (!passwordError && body.password && isPasswordTooGuessable(body.password, [body.username ?? '', body.mobileNum ?? ''])) {
      add(fieldError('password', 'invalid', otherMessage('passwordTooCommon', language)));
    }
    if (isShown(rules, 'confirmPassword')) {
      if (!body.confirmPassword) add(fieldError('confirmPassword', 'required', otherMessage('required', language)));
      else if (body.confirmPassword !== body.password)
        add(fieldError('confirmPassword', 'mismatch', otherMessage('passwordMismatch', language)));
    }
  }

  let mobile: MobileNumber | null = null;
  const mobileRequired = isMobileVariant || mobileRule?.required === true;
  if (mobileRule && (isMobileVariant || mobileRule.shown)) {
    add(checkField({ ...mobileRule, shown: true, required: mobileRequired }, body.mobileNum, language));
  } else if (isMobileVariant && !body.mobileNum) {
    add(fieldError('mobileNum', 'required', otherMessage('required', language)));
  }
  if (body.mobileNum && (isMobileVariant || isShown(rules, 'mobileNum')) && !errors.some((error) => error.field === 'mobileNum')) {
    mobile = parseMobileNumber(body.countryDialingCode, body.mobileNum, accountSettingsOf(ctx.merchant, ctx.config).defaultDialingCode);
    if (!mobile) add(fieldError('mobileNum', 'invalid', otherMessage('mobileInvalid', language)));
  }

  for (const field of ['payeeName', 'paymentPassword', 'email', 'birthday', ...PROFILE_FIELDS] as const) {
    const rule = rules.get(field);
    if (rule?.shown) add(checkField(rule, body[field], language));
  }
  const paymentPassword = shownValue(rules, 'paymentPassword', body.paymentPassword);
  if (paymentPassword && !errors.some((error) => error.field === 'paymentPassword')) {
    const birthday = shownValue(rules, 'birthday', body.birthday);
    if (isTrivialPaymentPassword(paymentPassword, birthday ? toIsoDate(birthday) : null)) {
      add(fieldError('paymentPassword', 'invalid', otherMessage('paymentPasswordTooSimple', language)));
    }
  }
  const affiliateRule = rules.get('affiliateCode');
  const affiliateCode = body.affiliateCode || body.referralCode;
  // The affiliate field may be hidden while the code still arrives from the ?referralCode link.
  if (affiliateRule && affiliateCode) add(checkField({ ...affiliateRule, shown: true }, affiliateCode, language));
  else if (affiliateRule?.shown && affiliateRule.required) add(checkField(affiliateRule, affiliateCode, language));

  let birthday: string | null = null;
  const typedBirthday = shownValue(rules, 'birthday', body.birthday);
  if (typedBirthday && !errors.some((error) => error.field === 'birthday')) {
    birthday = toIsoDate(typedBirthday);
    if (!birthday || !isAtLeastYearsOld(birthday, MINIMUM_AGE_BIRTHDAY, ctx.now, ctx.merchant.utcOffsetMinutes)) {
      add(fieldError('birthday', 'invalid', otherMessage('birthdayUnder21', language)));
    }
  }

  const codeRule = rules.get('verificationCode');
  if (body.verificationCode && codeRule) add(checkField({ ...codeRule, shown: true, required: false }, body.verificationCode, language));

  if (errors.length > 0) failValidation(errors);
  return {
    username: isMobileVariant && mobile ? mobile.national : normalizeUsername(body.username ?? ''),
    password: needsPassword ? (body.password ?? null) : null,
    mobile,
    email: shownValue(rules, 'email', body.email)?.toLowerCase() ?? null,
    affiliateCode: affiliateCode || null,
    birthday,
  };
}

/**
 * PUT /wps/member/register and /register/mobile. Order of checks: terms, every field against
 * the merchant's rules, captcha, the affiliate code, uniqueness, then (in one transaction)
 * the SMS code, the member, its profile, its place in the agent tree and the audit row. The
 * SMS code is consumed inside that transaction, so a sign-up that fails does not burn it.
 */
export async function registerMember(
  ctx: AccountContext,
  variant: RegisterVariant,
  body: RegisterBody,
  invitationLinks: InvitationLinks,
  friends: { friendReferrals?: FriendReferrals | undefined; deviceId: string | null } = { deviceId: null },
): Promise<{ userName: string; login: LoginResult | null; refreshToken: string | null }> {
  const { db, merchant, now, origin, language } = ctx;
  if (body.acceptTerms !== true) throw new AppError('TERMS_REQUIRED');
  // The spec's external phone-auth provider is not part of this platform: our own SMS codes are.
  if (body.firebaseIdToken) throw new AppError('FEATURE_DISABLED');

  const rules = await loadRegistrationRules(db, merchant.id);
  const form = validateForm(ctx, rules, variant, body);

  const captchaRule = rules.get('captcha');
  if ((captchaRule?.shown && captchaRule.required) || (captchaRule?.shown && body.captcha)) {
    await checkCaptcha(db, { answer: body.captcha, id: ctx.captchaIdOf(body.captchaId), now });
  }

  // The code is a member's invite-friends code (no upline), or an agent's own affiliate code
  // or one of its invitation links (agent module).
  let invited: ResolvedInvitation | null = null;
  let friendOf: { inviterId: number; code: string } | null = null;
  if (form.affiliateCode) {
    friendOf = friends.friendReferrals ? await friends.friendReferrals.resolveReferralCode(db, merchant.id, form.affiliateCode) : null;
    if (!friendOf) {
      invited = await invitationLinks.resolveInvitationCode(db, merchant.id, form.affiliateCode);
      if (!invited) throw new AppError('INVALID_AFFILIATE_CODE');
    }
  }
  const upline: MemberRow | null = invited?.agent ?? null;
  const memberType = invited?.memberType ?? MEMBER_TYPE.MEMBER;

  const codeRequired = isFlagOn(merchant, 'REGMOBVERF3') && form.mobile !== null;
  if (codeRequired && !body.verificationCode) {
    failValidation([fieldError('verificationCode', 'required', otherMessage('verificationCode', language))]);
  }

  if (await findMemberByUsername(db, merchant.id, form.username)) {
    throw new AppError('USERNAME_TAKEN', { value: { fields: [fieldError('username', 'taken', otherMessage('usernameTaken', language))] } });
  }
  if (form.mobile && (await findMemberByMobile(db, merchant.id, form.mobile.e164))) {
    throw new AppError('MOBILE_TAKEN', { value: { fields: [fieldError('mobileNum', 'taken', otherMessage('mobileTaken', language))] } });
  }

  // Hashing is the slow part (argon2id); done before the transaction so no lock waits on it.
  const passwordHash = form.password ? await hashPassword(form.password) : null;
  const paymentPassword = shownValue(rules, 'paymentPassword', body.paymentPassword);
  const paymentPasswordHash = paymentPassword ? await hashPassword(paymentPassword) : null;

  let member: MemberRow;
  try {
    member = await db.transaction(async (tx) => {
      if (codeRequired && form.mobile) {
        const check = await consumeVerificationCode(tx, {
          merchantId: merchant.id,
          channel: 'SMS',
          recipient: form.mobile.e164,
          purposes: ['REGISTER'],
          code: body.verificationCode ?? '',
          now,
        });
        if (check === 'EXPIRED') throw new AppError('VERIFICATION_CODE_EXPIRED');
        if (check !== 'OK') throw new AppError('VERIFICATION_CODE_INVALID');
      }
      const [created] = await tx
        .insert(members)
        .values({
          merchantId: merchant.id,
          username: form.username,
          type: memberType,
          uplineId: upline?.id ?? null,
          // Agents brought in by a link recruit in turn, so they get their own code like register-centre agents.
          affiliateCode: isAgent({ type: memberType }) ? newAffiliateCode() : null,
          nickname: form.username,
          email: form.email,
          countryDialingCode: form.mobile?.countryDialingCode ?? null,
          mobileNo: form.mobile?.national ?? null,
          mobile: form.mobile?.e164 ?? null,
          mobileVerifiedAt: codeRequired ? now : null,
          language,
          passwordHash,
          passwordChangedAt: now,
          paymentPasswordHash,
          paymentPasswordChangedAt: paymentPasswordHash ? now : null,
          registerType: variant,
          registerMethod: (body.registerMethod ?? 'WEB').slice(0, 16),
          registerUrl: body.registerUrl ?? null,
          registerDomain: body.domain ?? null,
          registerIp: origin.ip,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('member insert returned nothing');
      await tx.insert(memberProfiles).values({
        memberId: created.id,
        fullName: shownValue(rules, 'payeeName', body.payeeName)?.replace(/\s+/g, ' ') ?? null,
        birthday: form.birthday,
        ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, shownValue(rules, field, body[field]) ?? null])),
        updatedAt: now,
      });
      await insertTreeRows(tx, created.id, upline?.id ?? null);
      if (invited?.invitation) await invitationLinks.countInvitationRegistration(tx, invited.invitation.id);
      if (friendOf && friends.friendReferrals) {
        await friends.friendReferrals.recordReferral(tx, {
          merchantId: merchant.id,
          inviterId: friendOf.inviterId,
          inviteeId: created.id,
          code: friendOf.code,
          ip: origin.ip,
          userAgent: origin.userAgent,
          deviceId: friends.deviceId,
          now,
        });
      }
      await recordAudit(tx, {
        merchantId: merchant.id,
        memberId: created.id,
        actor: 'MEMBER',
        action: 'member.registered',
        origin,
        detail: {
          variant,
          uplineId: upline?.id ?? null,
          invitationId: invited?.invitation?.id ?? null,
          memberType,
          mobileVerified: codeRequired,
        },
        at: now,
      });
      return created;
    });
  } catch (error) {
    // Two sign-ups raced past the checks above; the unique index decided.
    const constraint = uniqueViolationConstraint(error);
    if (constraint === 'members_merchant_username_unique') {
      throw new AppError('USERNAME_TAKEN', {
        value: { fields: [fieldError('username', 'taken', otherMessage('usernameTaken', language))] },
      });
    }
    if (constraint === 'members_merchant_mobile_unique') {
      throw new AppError('MOBILE_TAKEN', { value: { fields: [fieldError('mobileNum', 'taken', otherMessage('mobileTaken', language))] } });
    }
    throw error;
  }

  // After the commit: offerContract checks the member is a direct downline through the closure table.
  if (invited?.invitation) {
    const offer = await invitationLinks.offerInvitationContract({ db, now, merchant }, invited.agent, invited.invitation, member.id);
    if (offer && 'refused' in offer) {
      await recordAudit(db, {
        merchantId: merchant.id,
        memberId: member.id,
        actor: 'MEMBER',
        action: 'member.invitation_contract_refused',
        origin,
        detail: { invitationId: invited.invitation.id, reason: offer.refused },
        at: now,
      });
    }
  }

  if (body.login === false) return { userName: member.username, login: null, refreshToken: null };
  const opened = await openMemberSession(ctx, {
    member,
    remember: body.remember === true,
    passwordExpired: false,
    forceChangePassword: false,
    auditAction: 'login.after_register',
  });
  return { userName: member.username, login: opened.result, refreshToken: opened.refreshToken };
}
