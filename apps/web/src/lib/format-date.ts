import type { Language } from '@kismat/contracts/languages';
import { useLanguage } from '@/stores/language-store';
import { toLatinDigits } from './digits';
import { INTL_LOCALES } from './i18n';

/**
 * The one date and time formatter of the site (docs/glossary.md, "Dates and digits"). Every
 * language uses Intl with its CLDR locale (INTL_LOCALES: bn-BD, en-GB, sw-KE; day before month, 24-hour
 * clock) and Latin digits, the same digits as amounts, so a page never mixes ১৫ and 15 and never
 * shows a US month-first date. Times are the browser's local time unless a zone is given.
 */
type DateValue = string | number | Date | null | undefined;
interface ZoneOption {
  /** An IANA zone ("UTC" for a wall clock already shifted to the merchant's offset). */
  timeZone?: string;
}

const BASE = { numberingSystem: 'latn', hourCycle: 'h23' } as const;
const STYLES = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  numeric: { day: '2-digit', month: '2-digit', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

// Tables format hundreds of cells: one formatter per (language, style, zone).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(language: Language, style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language}|${style}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[language], { ...BASE, ...STYLES[style], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(value: DateValue, language: Language, style: Style, options: ZoneOption): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatterOf(language, style, options.timeZone).format(date);
}

/** "15 May 2024" · "15 মে, 2024" · "15 Mei 2024". */
export function formatDate(value: DateValue, language: Language, options: ZoneOption = {}): string {
  return format(value, language, 'date', options);
}

/** "15 May 2024, 19:05" · "15 মে, 2024, 19:05" · "15 Mei 2024, 19:05". */
export function formatDateTime(value: DateValue, language: Language, options: ZoneOption = {}): string {
  return format(value, language, 'dateTime', options);
}

/** "19:05:07" in every language. */
export function formatTime(value: DateValue, language: Language, options: ZoneOption = {}): string {
  return format(value, language, 'time', options);
}

/** With the weekday, for a planned moment a reader acts on: "Wednesday, 15 May 2024 at 19:05". */
export function formatLongDateTime(value: DateValue, language: Language, options: ZoneOption = {}): string {
  return format(value, language, 'long', options);
}

/** "2024-05-15" (a date input's value) as the language writes it by hand: "15/05/2024". */
export function formatDateInput(isoDay: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return '';
  return formatterOf(language, 'numeric', 'UTC').format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** The order of day, month and year in the language's numeric dates (all three: day first). */
function fieldOrder(language: Language): ('day' | 'month' | 'year')[] {
  return formatterOf(language, 'numeric', 'UTC')
    .formatToParts(new Date(Date.UTC(2000, 0, 31)))
    .map((part) => part.type)
    .filter((type): type is 'day' | 'month' | 'year' => type === 'day' || type === 'month' || type === 'year');
}

/** What the date field shows while empty: "DD/MM/YYYY" in the language's order. */
export function dateInputPattern(language: Language): string {
  const letters = { day: 'DD', month: 'MM', year: 'YYYY' };
  return fieldOrder(language)
    .map((field) => letters[field])
    .join('/');
}

/**
 * A typed date ("15/5/2024", "১৫-০৫-২০২৪", "15.05.2024") in the language's order back to
 * "2024-05-15"; null when it is not a real calendar day.
 */
export function parseDateInput(text: string, language: Language): string | null {
  const numbers = toLatinDigits(text)
    .trim()
    .split(/[\s./-]+/);
  if (numbers.length !== 3 || numbers.some((part) => !/^\d+$/.test(part))) return null;
  const fields: Record<string, number> = {};
  fieldOrder(language).forEach((field, index) => {
    fields[field] = Number(numbers[index]);
  });
  const { day = 0, month = 0, year = 0 } = fields;
  if (String(year).length !== 4) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** formatDateTime in the interface language, for components. */
export function useFormatDateTime(): (value: DateValue) => string {
  const language = useLanguage();
  return (value) => formatDateTime(value, language);
}
