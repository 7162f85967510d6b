import type { Config } from '../../config';

export interface DeliveryCheck {
  /** Reasons to refuse the start. */
  problems: string[];
  /** Said loudly at start, but the start goes on (the operator chose it). */
  warnings: string[];
}

/**
 * The outbox keeps codes in the database where no member receives them: fine for a demo and
 * tests, a broken site in production. A production start without the demo data must name its
 * providers; choosing the outbox there on purpose is allowed (a site without SMS or e-mail)
 * but said at every start.
 */
export function checkMessageDelivery(
  config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO' | 'SMS_PROVIDER' | 'SMS_HTTP_URL' | 'MAIL_PROVIDER' | 'SMTP_URL'>,
): DeliveryCheck {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) problems.push('SMS_PROVIDER=http needs SMS_HTTP_URL');
  if (config.MAIL_PROVIDER === 'smtp' && !config.SMTP_URL) problems.push('MAIL_PROVIDER=smtp needs SMTP_URL');
  const isRealSite = config.NODE_ENV === 'production' && !config.SEED_DEMO;
  if (isRealSite) {
    if (config.SMS_PROVIDER === undefined) {
      problems.push(
        'SMS_PROVIDER is unset: codes would stay in the outbox and reach nobody. Set SMS_PROVIDER=http with SMS_HTTP_URL and SMS_HTTP_TOKEN, or SMS_PROVIDER=outbox to run without SMS on purpose',
      );
    } else if (config.SMS_PROVIDER === 'outbox') {
      warnings.push('SMS_PROVIDER=outbox: no SMS leaves this site (SMS login, registration and binding codes reach nobody)');
    }
    if (config.MAIL_PROVIDER === undefined) {
      problems.push(
        'MAIL_PROVIDER is unset: e-mail codes and reset links would stay in the outbox and reach nobody. Set MAIL_PROVIDER=smtp with SMTP_URL, or MAIL_PROVIDER=outbox to run without e-mail on purpose',
      );
    } else if (config.MAIL_PROVIDER === 'outbox') {
      warnings.push('MAIL_PROVIDER=outbox: no e-mail leaves this site (e-mail codes and password reset links reach nobody)');
    }
  }
  return { problems, warnings };
}
