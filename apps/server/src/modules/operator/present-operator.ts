import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import type { OperatorIdentity } from '../../platform/operator-auth';

/** The operator as the back office shows it (never the password hash or token hash). */
export async function presentOperator(db: DbOrTx, identity: OperatorIdentity): Promise<OperatorMe> {
  let merchantCode: string | null = null;
  if (identity.merchantId !== null) {
    const [merchant] = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.id, identity.merchantId)).limit(1);
    merchantCode = merchant?.code ?? null;
  }
  return {
    id: identity.id,
    username: identity.username,
    role: identity.role,
    merchantCode,
    expiresAt: identity.expiresAt?.toISOString() ?? null,
    hasTotp: identity.hasTotp ?? false,
    mustEnrolTotp: identity.isSecondFactorPending ?? false,
  };
}
