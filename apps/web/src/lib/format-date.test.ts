import { describe, expect, it } from 'vitest';
import { toLatinDigits } from './digits';
import {
  dateInputPattern,
  formatDate,
  formatDateInput,
  formatDateTime,
  formatLongDateTime,
  formatTime,
  parseDateInput,
} from './format-date';

const MOMENT = '2024-05-15T13:05:07Z';
const DHAKA = { timeZone: 'Asia/Dhaka' };
const BENGALI_DIGIT = /[\u09E6-\u09EF]/;

describe('one date formatter per language', () => {
  it('writes day before month in every language, with a 24-hour clock', () => {
    expect(formatDateTime(MOMENT, 'EN', DHAKA)).toBe('15 May 2024, 19:05');
    expect(formatDateTime(MOMENT, 'BN', DHAKA)).toBe('15 মে, 2024, 19:05');
    expect(formatDateTime(MOMENT, 'SW', DHAKA)).toBe('15 Mei 2024, 19:05');
    expect(formatDate(MOMENT, 'BN', DHAKA)).toBe('15 মে, 2024');
    expect(formatTime(MOMENT, 'SW', DHAKA)).toBe('19:05:07');
  });

  it('never mixes Bengali and Latin digits: BN dates use Latin digits like amounts', () => {
    for (const text of [
      formatDate(MOMENT, 'BN'),
      formatDateTime(MOMENT, 'BN'),
      formatTime(MOMENT, 'BN'),
      formatLongDateTime(MOMENT, 'BN'),
      formatDateInput('2024-05-15', 'BN'),
    ]) {
      expect(text).not.toMatch(BENGALI_DIGIT);
      expect(text).toMatch(/\d/);
    }
  });

  it('says the weekday for a planned moment (maintenance end)', () => {
    expect(formatLongDateTime(MOMENT, 'EN', DHAKA)).toMatch(/^Wednesday,? 15 May 2024\D+19:05$/);
    expect(formatLongDateTime(MOMENT, 'SW', DHAKA)).toMatch(/^Jumatano, 15 Mei 2024/);
    expect(formatLongDateTime(MOMENT, 'BN', DHAKA)).toMatch(/^বুধবার, 15 মে, 2024/);
  });

  it('shows a dash for no date and the text itself for an unreadable one', () => {
    expect(formatDateTime(null, 'BN')).toBe('—');
    expect(formatDateTime('', 'EN')).toBe('—');
    expect(formatDate('not a date', 'EN')).toBe('not a date');
  });
});

describe('typed dates (the date field)', () => {
  it('shows and expects DD/MM/YYYY in all three languages, never the US month-first order', () => {
    for (const language of ['BN', 'EN', 'SW'] as const) {
      expect(dateInputPattern(language)).toBe('DD/MM/YYYY');
      expect(formatDateInput('2024-05-03', language)).toBe('03/05/2024');
      expect(parseDateInput('03/05/2024', language)).toBe('2024-05-03');
    }
  });

  it('reads Bengali digits and the usual separators', () => {
    expect(parseDateInput('১৫/০৫/২০২৪', 'BN')).toBe('2024-05-15');
    expect(parseDateInput('15-5-2024', 'BN')).toBe('2024-05-15');
    expect(parseDateInput(' 15.05.2024 ', 'SW')).toBe('2024-05-15');
  });

  it('refuses impossible days and short years', () => {
    expect(parseDateInput('31/02/2024', 'EN')).toBeNull();
    expect(parseDateInput('13/13/2024', 'EN')).toBeNull();
    expect(parseDateInput('15/05/24', 'EN')).toBeNull();
    expect(parseDateInput('15/05', 'EN')).toBeNull();
    expect(formatDateInput('', 'EN')).toBe('');
  });

  it('turns Bengali digits into Latin ones and leaves other text alone', () => {
    expect(toLatinDigits('১২৩৪৫.৬৭')).toBe('12345.67');
    expect(toLatinDigits('০৯৮')).toBe('098');
    expect(toLatinDigits('abc 12')).toBe('abc 12');
  });
});
