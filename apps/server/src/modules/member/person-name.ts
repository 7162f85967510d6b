import type { Language } from '@kismat/contracts/languages';
import type { FieldError } from '@kismat/contracts/member';
import { AppError } from '../../platform/errors';
import { messageFor } from '../../platform/messages';

/** Names compare without case and runs of spaces: "RAHIM  uddin" is "Rahim Uddin". */
export function normalizePersonName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

export const PERSON_NAME_MIN_LENGTH = 2;
export const PERSON_NAME_MAX_LENGTH = 60;

/**
 * Letters of any script with their combining signs (Bengali vowel signs and virama, Latin
 * diacritics), joined by single spaces, dots, hyphens and apostrophes: "মোঃ রহিম উদ্দিন",
 * "Zoë O'Neil-Smith", "A. K. M. Rahman". No digits, no markup, no symbols.
 */
const PERSON_NAME = /^\p{L}\p{M}*(?:(?:[.'’-] ?| )?\p{L}\p{M}*)*\.?$/u;

/**
 * Whether a real name (bank account holder, profile full name) looks like a name. Payouts go
 * only to accounts in the member's real name and staff read it on every withdrawal: a value
 * like `<img src=x onerror=...>` is refused here instead of being escaped at every screen.
 */
export function isValidPersonName(name: string): boolean {
  const normalized = name.trim().replace(/\s+/g, ' ');
  const length = [...normalized].length;
  if (length < PERSON_NAME_MIN_LENGTH || length > PERSON_NAME_MAX_LENGTH) return false;
  return PERSON_NAME.test(normalized);
}

/** PERSON_NAME_INVALID on `field`, in the request's language. */
export function checkPersonName(name: string, field: string, language: Language): void {
  if (isValidPersonName(name)) return;
  const message = messageFor('PERSON_NAME_INVALID', language);
  const fieldError: FieldError = { field, patternId: null, reason: 'invalid', message };
  throw new AppError('PERSON_NAME_INVALID', { value: { fields: [fieldError] } });
}
