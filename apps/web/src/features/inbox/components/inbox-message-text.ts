import type { NotificationValue } from '@kismat/contracts/cashier';
import type { TFunction } from 'i18next';

/**
 * A message's title from the site's own texts (kind and amount). Messages carry no markup; React
 * renders the result as text, never as HTML.
 */
export function inboxMessageTitle(t: TFunction, message: NotificationValue, formatMoney: (amount: string) => string): string {
  return t(`wallet.notifications.${message.kind}`, { amount: formatMoney(message.amount) });
}
