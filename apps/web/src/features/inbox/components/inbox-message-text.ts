import type { NotificationValue } from '@kismat/contracts/cashier';
import type { TFunction } from 'i18next';
import type { IconName } from '@/components/ui/icon';

/** The kinds that moved money: their amount is shown. */
const MONEY_KINDS: ReadonlySet<string> = new Set([
  'deposit_credited',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  'balance_adjusted',
  'bonus_awarded',
]);

export function hasAmount(message: NotificationValue): boolean {
  return MONEY_KINDS.has(message.kind);
}

/**
 * A message's title: an operator message's own title (plain text), else the site's own text for
 * the kind and amount. React renders the result as text, never as HTML.
 */
export function inboxMessageTitle(t: TFunction, message: NotificationValue, formatMoney: (amount: string) => string): string {
  if (message.kind === 'operator_message' && message.title) return message.title;
  return t(`wallet.notifications.${message.kind}`, { amount: formatMoney(message.amount), title: message.title ?? '' });
}

/** The icon beside a message: what it is about. */
export function inboxMessageIcon(message: NotificationValue): IconName {
  if (message.kind === 'operator_message') return 'mail';
  if (message.kind === 'feedback_answered') return 'feedback';
  if (message.kind === 'chat_answered') return 'chat';
  if (message.kind === 'bonus_awarded') return 'gift';
  if (message.kind.startsWith('redemption_')) return 'star';
  if (message.kind === 'limits_changed') return 'shield';
  return 'wallet';
}
