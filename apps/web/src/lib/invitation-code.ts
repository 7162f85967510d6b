import { getSessionItem, removeSessionItem, SESSION_KEYS, setSessionItem } from '@/stores/storage';

/**
 * The queries an invitation link may carry its code in: the spec's `referralCode`, and
 * `affiliateCode`, which links (and QR codes) printed before it used.
 */
export const INVITATION_QUERY_KEYS = ['referralCode', 'affiliateCode'] as const;

// Agents' codes and link codes are letters and digits (the server's own bound is 4 to 32); any
// other value is not a code, and never reaches a form field or the register call.
const CODE_PATTERN = /^[A-Za-z0-9]{1,32}$/;

/** The invitation code a URL's query carries, or null. */
export function readInvitationCode(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const key of INVITATION_QUERY_KEYS) {
    const value = params.get(key)?.trim();
    if (value && CODE_PATTERN.test(value)) return value;
  }
  return null;
}

/** Keeps the code of the link the visitor came by until they register (this tab only). */
export function rememberInvitationCode(code: string): void {
  setSessionItem(SESSION_KEYS.invitationCode, code);
}

export function getRememberedInvitationCode(): string | null {
  const code = getSessionItem(SESSION_KEYS.invitationCode);
  return code && CODE_PATTERN.test(code) ? code : null;
}

/** After registration, or when the server refused the code: the next sign-up starts without it. */
export function forgetInvitationCode(): void {
  removeSessionItem(SESSION_KEYS.invitationCode);
}

/** The code to register with: the current URL's first, else the remembered one. */
export function currentInvitationCode(search: string | URLSearchParams): string | null {
  return readInvitationCode(search) ?? getRememberedInvitationCode();
}
