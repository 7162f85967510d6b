import type { ErrorCode } from '@kismat/contracts/errors';
import type { Language } from '@kismat/contracts/languages';
import { ACCOUNTS_MESSAGES } from './messages/accounts';
import { AGENT_MESSAGES } from './messages/agent';
import { GAMES_MESSAGES } from './messages/games';
import { GENERAL_MESSAGES } from './messages/general';
import { LOYALTY_MESSAGES } from './messages/loyalty';
import { MONEY_MESSAGES } from './messages/money';
import { RESPONSIBLE_GAMBLING_MESSAGES } from './messages/responsible-gambling';

type Catalogue = Record<ErrorCode, Record<Language, string>>;

/** Human text for each error code, in every interface language (one file per area under messages/; a code left out fails the typecheck). */
const ERROR_MESSAGES: Catalogue = {
  ...GENERAL_MESSAGES,
  ...MONEY_MESSAGES,
  ...AGENT_MESSAGES,
  ...GAMES_MESSAGES,
  ...LOYALTY_MESSAGES,
  ...ACCOUNTS_MESSAGES,
  ...RESPONSIBLE_GAMBLING_MESSAGES,
};

export function messageFor(code: ErrorCode, language: Language): string {
  return ERROR_MESSAGES[code][language];
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
