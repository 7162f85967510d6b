import { OPERATOR_LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';

/** A console path with the merchant code and ids filled in. */
export function chatPath(template: keyof typeof OPERATOR_LIVE_CHAT_PATHS, params: Record<string, string | number>): string {
  return OPERATOR_LIVE_CHAT_PATHS[template].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** A new id for one message the operator sends (a resend after a network error is stored once). */
export function newClientMessageId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? `op-${crypto.randomUUID()}`
    : `op-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Who a conversation is with, for a list row or a heading. */
export function visitorName(row: { username: string | null; guestId: string | null }): string {
  return row.username ?? `Visitor ${row.guestId ?? ''}`.trim();
}
