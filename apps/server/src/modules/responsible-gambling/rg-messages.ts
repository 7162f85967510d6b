import type { Language } from '@kismat/contracts/languages';
import type { RgLimitKind, RgPeriod, RgUnit } from '@kismat/contracts/responsible-gambling';
import { AppError } from '../../platform/errors';
import { messageFor } from '../../platform/messages';

/*
 * The refusals' texts with their times filled in (platform/messages/{bn,en,sw}.json hold
 * the catalogue): a date in the site's time, Latin digits in every language (docs/glossary.md).
 */

const PERMANENT: Record<Language, string> = { BN: 'স্থায়ীভাবে', EN: 'permanently', SW: 'kwa kudumu' };
/** The amount alone is more than the window can ever hold (nothing leaving the window makes room). */
const ABOVE_LIMIT: Record<Language, (limit: string) => string> = {
  BN: (limit) => `এই পরিমাণ আপনার ${limit}-এর চেয়ে বেশি; কম পরিমাণ চেষ্টা করুন`,
  EN: (limit) => `This amount is more than your ${limit} allows; try a smaller amount`,
  SW: (limit) => `Kiasi hiki ni zaidi ya kinachoruhusiwa na ${limit} yako; jaribu kiasi kidogo`,
};

const KIND_NAMES: Record<Language, Record<RgLimitKind, string>> = {
  BN: { DEPOSIT: 'ডিপোজিট সীমা', LOSS: 'ক্ষতির সীমা', WAGER: 'বাজির সীমা', SESSION_TIME: 'খেলার সময়সীমা' },
  EN: { DEPOSIT: 'deposit limit', LOSS: 'loss limit', WAGER: 'wager limit', SESSION_TIME: 'play time limit' },
  SW: { DEPOSIT: 'kikomo cha kuweka pesa', LOSS: 'kikomo cha hasara', WAGER: 'kikomo cha dau', SESSION_TIME: 'kikomo cha muda wa kucheza' },
};
const PERIOD_NAMES: Record<Language, Record<RgPeriod, string>> = {
  BN: { DAY: '24 ঘণ্টার', WEEK: '7 দিনের', MONTH: '30 দিনের' },
  EN: { DAY: '24-hour', WEEK: '7-day', MONTH: '30-day' },
  SW: { DAY: 'ya saa 24', WEEK: 'ya siku 7', MONTH: 'ya siku 30' },
};

/** "24-hour deposit limit" / "24 ঘণ্টার ডিপোজিট সীমা" / "kikomo cha kuweka pesa ya saa 24". */
export function limitName(kind: RgLimitKind, period: RgPeriod, language: Language): string {
  return language === 'SW'
    ? `${KIND_NAMES.SW[kind]} ${PERIOD_NAMES.SW[period]}`
    : `${PERIOD_NAMES[language][period]} ${KIND_NAMES[language][kind]}`;
}

/** "2026-11-27 15:00 (UTC+06:00)" in the site's time. */
export function formatSiteTime(at: Date, utcOffsetMinutes = 0): string {
  const local = new Date(at.getTime() + utcOffsetMinutes * 60_000).toISOString();
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(utcOffsetMinutes);
  const offset = `${String(Math.floor(magnitude / 60)).padStart(2, '0')}:${String(magnitude % 60).padStart(2, '0')}`;
  return `${local.slice(0, 10)} ${local.slice(11, 16)} (UTC${sign}${offset})`;
}

interface Localised {
  language?: Language | undefined;
  utcOffsetMinutes?: number | undefined;
}

export function excludedError(input: { until: Date | null; returnAvailableAt?: Date | null } & Localised): AppError {
  const language = input.language ?? 'EN';
  const until = input.until ? formatSiteTime(input.until, input.utcOffsetMinutes) : PERMANENT[language];
  return new AppError('RG_EXCLUDED', {
    message: messageFor('RG_EXCLUDED', language).replaceAll('{until}', until),
    value: {
      until: input.until?.toISOString() ?? null,
      returnAvailableAt: (input.returnAvailableAt ?? input.until)?.toISOString() ?? null,
    },
  });
}

export function limitReachedError(
  input: { kind: RgLimitKind; period: RgPeriod; limit: string; used: string; unit: RgUnit; resetsAt: Date | null } & Localised,
): AppError {
  const language = input.language ?? 'EN';
  const name = limitName(input.kind, input.period, language);
  return new AppError('RG_LIMIT_REACHED', {
    message: input.resetsAt
      ? messageFor('RG_LIMIT_REACHED', language)
          .replaceAll('{limit}', name)
          .replaceAll('{time}', formatSiteTime(input.resetsAt, input.utcOffsetMinutes))
      : ABOVE_LIMIT[language](name),
    value: {
      kind: input.kind,
      period: input.period,
      limit: input.limit,
      used: input.used,
      unit: input.unit,
      resetsAt: input.resetsAt?.toISOString() ?? null,
    },
  });
}

export function notConfirmableError(effectiveAt: Date, localised: Localised): AppError {
  const language = localised.language ?? 'EN';
  return new AppError('RG_CHANGE_NOT_CONFIRMABLE', {
    message: messageFor('RG_CHANGE_NOT_CONFIRMABLE', language).replaceAll(
      '{time}',
      formatSiteTime(effectiveAt, localised.utcOffsetMinutes),
    ),
    value: { effectiveAt: effectiveAt.toISOString() },
  });
}
