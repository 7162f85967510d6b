import { and, eq, isNull } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

/** Columns of the member row the security settings write (contact bindings, TOTP, payment password, nickname). */
export type MemberSecurityColumns = Partial<
  Pick<
    MemberRow,
    | 'email'
    | 'emailVerifiedAt'
    | 'mobile'
    | 'countryDialingCode'
    | 'mobileNo'
    | 'mobileVerifiedAt'
    | 'totpSecret'
    | 'totpEnabledAt'
    | 'totpLastStep'
    | 'paymentPasswordHash'
    | 'paymentPasswordChangedAt'
    | 'nickname'
    | 'updatedAt'
  >
>;

/**
 * Updates the member's own row (one UPDATE ... RETURNING). `onlyWhileUnset` makes it a one-shot
 * binding: the row changes only while that column is still null, so two racing binds bind once;
 * undefined means the guard held back the update (or no such member).
 */
export async function updateMember(
  db: DbOrTx,
  memberId: number,
  set: MemberSecurityColumns,
  options: { onlyWhileUnset?: 'emailVerifiedAt' | 'mobileVerifiedAt' | 'totpEnabledAt' } = {},
): Promise<MemberRow | undefined> {
  const guard = options.onlyWhileUnset ? isNull(members[options.onlyWhileUnset]) : undefined;
  const [row] = await db
    .update(members)
    .set(set)
    .where(and(eq(members.id, memberId), guard))
    .returning();
  return row;
}
