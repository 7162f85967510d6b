import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { assertMerchantScope, type OperatorIdentity } from '../../platform/operator-auth';
import { updateRegistrationRule } from '../system/index';
import { findMerchantByCode } from './find-merchant';

/**
 * Runs a settings change and its audit row (before and after) in one transaction: an operator
 * change without its audit row, or an audit row of a change that rolled back, cannot exist.
 * The caller drops the merchant cache after the commit so no node caches the old value again.
 */
export async function changeMerchantSettings(
  db: Db,
  request: FastifyRequest,
  operator: OperatorIdentity,
  input: {
    code: string;
    action: string;
    change: (db: Db, merchant: Merchant) => Promise<Merchant>;
    view: (merchant: Merchant) => Record<string, unknown>;
  },
): Promise<Merchant> {
  return db.transaction(async (tx) => {
    const before = await findMerchantByCode(tx, input.code);
    if (!before) throw new AppError('NOT_FOUND');
    assertMerchantScope(operator, before.id);
    const after = await input.change(tx as unknown as Db, before);
    await recordOperatorAudit(tx, request, operator, {
      action: input.action,
      targetType: 'merchant',
      targetId: input.code,
      merchantId: before.id,
      detail: { before: input.view(before), after: input.view(after) },
    });
    return after;
  });
}

/** Changes one registration field rule of a merchant, audited in the same transaction. */
export async function changeRegistrationRule(
  db: Db,
  request: FastifyRequest,
  operator: OperatorIdentity,
  input: { code: string; field: Parameters<typeof updateRegistrationRule>[2]; change: Parameters<typeof updateRegistrationRule>[3] },
): Promise<{ merchant: Merchant; rule: Awaited<ReturnType<typeof updateRegistrationRule>> }> {
  return db.transaction(async (tx) => {
    const merchant = await findMerchantByCode(tx, input.code);
    if (!merchant) throw new AppError('NOT_FOUND');
    assertMerchantScope(operator, merchant.id);
    const rule = await updateRegistrationRule(tx, merchant.id, input.field, input.change);
    await recordOperatorAudit(tx, request, operator, {
      action: 'merchant.registration_rule_changed',
      targetType: 'registration_rule',
      targetId: `${merchant.code}:${rule.field}`,
      merchantId: merchant.id,
      detail: { change: input.change, after: rule },
    });
    return { merchant, rule };
  });
}
