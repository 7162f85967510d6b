import { FORCED_CHANGE_PASSWORD } from '@kismat/contracts/constants';
import type { FieldError } from '@kismat/contracts/member';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { otherMessage } from './field-messages';
import { isPasswordTooGuessable } from './password-strength';
import { checkField, essentialRule, fieldError, loadRegistrationRules } from './registration-rules';

/**
 * A new login password must pass the merchant's password rule, match its confirmation (when
 * one is sent), not be 123456, the password that forces a change (spec section 4), and not be
 * among an attacker's first guesses (common and breached passwords, the username).
 */
export async function checkNewPassword(
  ctx: AccountContext,
  input: { password: string; confirmation: string | undefined; field: string; confirmationField: string; username?: string },
): Promise<void> {
  const rules = await loadRegistrationRules(ctx.db, ctx.merchant.id);
  const rule = { ...essentialRule(rules, 'password'), field: input.field };
  const errors: FieldError[] = [];
  const ruleError = checkField(rule, input.password, ctx.language);
  if (ruleError) errors.push(ruleError);
  else if (input.password === FORCED_CHANGE_PASSWORD) {
    errors.push(fieldError(input.field, 'invalid', otherMessage('passwordNotAllowed', ctx.language)));
  } else if (isPasswordTooGuessable(input.password, input.username ? [input.username] : [])) {
    errors.push(fieldError(input.field, 'invalid', otherMessage('passwordTooCommon', ctx.language)));
  }
  if (input.confirmation !== undefined && input.confirmation !== input.password) {
    errors.push(fieldError(input.confirmationField, 'mismatch', otherMessage('passwordMismatch', ctx.language)));
    if (errors.length === 1) throw new AppError('PASSWORD_MISMATCH', { value: { fields: errors } });
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { value: { fields: errors } });
}
