import type { ErrorCode } from '@kismat/contracts/errors';
import type { Language } from '@kismat/contracts/languages';
import bn from './messages/bn.json';
import en from './messages/en.json';
import sw from './messages/sw.json';

/**
 * Human text for each error code, one JSON file per interface language under messages/ (bn.json, en.json, sw.json,
 * like the web's locales). Each file is typed here as a full table of ErrorCode: a code left out of any language, or
 * a language left out, fails the typecheck; messages.test.ts fails on a code no longer in the contracts.
 */
const ERROR_MESSAGES: Record<Language, Record<ErrorCode, string>> = { BN: bn, EN: en, SW: sw };

export function messageFor(code: ErrorCode, language: Language): string {
  return ERROR_MESSAGES[language][code];
}

const WAIT_UNITS: Record<Language, { seconds: (n: string) => string; minutes: (n: string) => string; locale: string }> = {
  BN: { seconds: (n) => `${n} সেকেন্ড`, minutes: (n) => `${n} মিনিট`, locale: 'bn-BD' },
  EN: {
    seconds: (n) => `${n} ${n === '1' ? 'second' : 'seconds'}`,
    minutes: (n) => `${n} ${n === '1' ? 'minute' : 'minutes'}`,
    locale: 'en',
  },
  SW: { seconds: (n) => `sekunde ${n}`, minutes: (n) => `dakika ${n}`, locale: 'sw' },
};

/** "45 seconds" / "3 minutes" in the language (Latin digits in every language, as all BN copy: docs/glossary.md), rounded up so nobody retries too early. */
export function formatWait(seconds: number, language: Language): string {
  const units = WAIT_UNITS[language];
  const number = (value: number) => new Intl.NumberFormat(units.locale, { useGrouping: false, numberingSystem: 'latn' }).format(value);
  if (seconds < 90) return units.seconds(number(Math.max(1, Math.ceil(seconds))));
  return units.minutes(number(Math.ceil(seconds / 60)));
}

/** A catalogue message whose `{amount}` is filled in (turnover left, max bet). */
export function messageWithAmount(code: ErrorCode, language: Language, amount: string): string {
  return messageFor(code, language).replaceAll('{amount}', amount);
}

/** A catalogue message whose `{wait}` is filled with the time left (throttles and locks). */
export function messageWithWait(code: ErrorCode, language: Language, seconds: number): string {
  return messageFor(code, language).replaceAll('{wait}', formatWait(seconds, language));
}
