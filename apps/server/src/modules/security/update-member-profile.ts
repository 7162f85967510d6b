import { MINIMUM_AGE_BIRTHDAY, type updateProfileBody } from '@kismat/contracts/security';
import type { z } from 'zod';
import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import {
  checkField,
  checkPersonName,
  essentialRule,
  findMemberProfile,
  isAtLeastYearsOld,
  loadRegistrationRules,
  type MemberProfileChanges,
  type MemberProfileRow,
  normalizePersonName,
  toIsoDate,
  updateMember,
  upsertMemberProfile,
} from '../member/index';

const FREE_FIELDS = ['telegram', 'zalo', 'address', 'nationality', 'occupation', 'sourceOfIncome', 'placeOfBirth'] as const;

/**
 * PUT /wps/member/security/profile. Only the fields sent change; an empty string clears a
 * free field. Full name and birthday are bindings: set once, then fixed (payouts and the
 * age check depend on them). The birthday must make the member at least 21.
 */
export async function updateMemberProfile(
  ctx: AccountContext,
  member: MemberRow,
  body: z.output<typeof updateProfileBody>,
): Promise<{ member: MemberRow; profile: MemberProfileRow | null }> {
  const current = await findMemberProfile(ctx.db, member.id);
  const changes: MemberProfileChanges = {};
  const bound: string[] = [];

  if (body.fullName !== undefined && body.fullName !== '') {
    const fullName = body.fullName.replace(/\s+/g, ' ');
    if (current?.fullName) {
      if (normalizePersonName(current.fullName) !== normalizePersonName(fullName)) throw new AppError('ALREADY_BOUND');
    } else {
      const rules = await loadRegistrationRules(ctx.db, ctx.merchant.id);
      const error = checkField({ ...essentialRule(rules, 'payeeName'), field: 'fullName' }, fullName, ctx.language);
      if (error) throw new AppError('VALIDATION_FAILED', { value: { fields: [error] } });
      // On top of the merchant's rule (which may be "any text"): the bank accounts must match it.
      checkPersonName(fullName, 'fullName', ctx.language);
      changes.fullName = fullName;
      bound.push('fullName');
    }
  }
  if (body.birthday !== undefined && body.birthday !== '') {
    const birthday = toIsoDate(body.birthday);
    if (!birthday || !isAtLeastYearsOld(birthday, MINIMUM_AGE_BIRTHDAY, ctx.now, ctx.merchant.utcOffsetMinutes)) {
      throw new AppError('BIRTHDAY_UNDER_21');
    }
    if (current?.birthday) {
      if (current.birthday !== birthday) throw new AppError('ALREADY_BOUND');
    } else {
      changes.birthday = birthday;
      bound.push('birthday');
    }
  }
  for (const field of FREE_FIELDS) {
    const value = body[field];
    if (value !== undefined) changes[field] = value === '' ? null : value;
  }

  return ctx.db.transaction(async (tx) => {
    let updatedMember = member;
    if (body.nickname !== undefined && body.nickname !== member.nickname) {
      updatedMember = (await updateMember(tx, member.id, { nickname: body.nickname, updatedAt: ctx.now })) ?? member;
    }
    let profile = current;
    if (Object.keys(changes).length > 0) {
      profile = (await upsertMemberProfile(tx, member.id, changes, ctx.now)) ?? current;
    }
    const changed = [...Object.keys(changes), ...(updatedMember !== member ? ['nickname'] : [])];
    if (changed.length > 0) {
      await recordMemberAudit(tx, ctx, {
        memberId: member.id,
        action: bound.length > 0 ? 'profile.bound' : 'profile.updated',
        detail: { fields: changed, bound },
      });
    }
    return { member: updatedMember, profile };
  });
}
