import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedPatternFor, isValidPatternSource, MATCH_ALL, PATTERN_SOURCES, validateFieldValue } from './field-rules';
import { PATTERN_IDS, type PatternId } from './system';

function ruleOf(patternId: PatternId, minLength = 0, maxLength = 100, required = true) {
  return { patternId, acceptedPattern: acceptedPatternFor(patternId), minLength, maxLength, required };
}

function accepts(patternId: PatternId, value: string): boolean {
  return validateFieldValue(ruleOf(patternId), value).ok;
}

/** Accepted and rejected examples for every family; each family must have both. */
const EXAMPLES: Record<PatternId, { accepted: string[]; rejected: string[] }> = {
  LENGTH_ONLY: { accepted: ['anything at all', 'পাসওয়ার্ড', '  spaced  ', '!@#$%^'], rejected: [] },
  LETTER_FIRST_ALNUM: { accepted: ['player1', 'Abc123', 'x', 'rahim2024'], rejected: ['1player', '_abc', 'ab c', 'abc-1', 'রহিম', 'ab!'] },
  LETTERS_OR_DIGITS: { accepted: ['abc', '123', 'a1B2', '007bond'], rejected: ['a b', 'a_b', 'abc!', 'ক১', ''] },
  LETTERS_AND_DIGITS: { accepted: ['abc123', '1a', 'Z9', '9zz'], rejected: ['abcdef', '123456', 'abc 123', 'abc_123', 'abc১'] },
  DIGITS_ONLY: { accepted: ['0', '01712345678', '9999'], rejected: ['12a', '١٢٣', '১২৩', '12 34', '+880', '-1'] },
  ALNUM_WITH_UPPERCASE: { accepted: ['Abc123', 'ABC', 'aB', '1Z'], rejected: ['abc123', '123', 'Ab c', 'Ab_1', 'Ab!'] },
  ENGLISH_LETTERS_SPACES: {
    accepted: ['John', 'John Smith', 'Mary Ann Lee'],
    rejected: ['John  Smith', ' John', 'John ', 'J0hn', 'জন', 'John-Smith', ' '],
  },
  NO_SPACES: { accepted: ['abc', 'a-b_c!', 'পাসওয়ার্ড', '@@'], rejected: ['a b', ' a', 'a\tb', 'a\nb'] },
  EMAIL: {
    accepted: ['user@example.com', 'first.last+tag@mail.co.uk', 'x_y@sub-domain.example.org', "o'neil@example.io"],
    rejected: [
      'user@',
      '@example.com',
      'user@example',
      'user@@example.com',
      'us er@example.com',
      'user@-example.com',
      'a..b@example.com',
      'user@example.c0m',
    ],
  },
  DATE_YMD: {
    accepted: ['2024-02-29', '2000-02-29', '1999-12-31', '2023-04-30', '2023-01-01'],
    rejected: ['2023-02-29', '1900-02-29', '2023-04-31', '2023-13-01', '2023-00-10', '2023-1-5', '05-20-2023', '2023/05/20', '2023-05-00'],
  },
  DATE_MDY: {
    accepted: ['02-29-2024', '02-29-2000', '12-31-1999', '04-30-2023'],
    rejected: ['02-29-2023', '02-29-1900', '04-31-2023', '13-01-2023', '2023-05-20', '5-20-2023', '05/20/2023'],
  },
  CHINESE: { accepted: ['张伟', '王小明', '中文'], rejected: ['张 伟', 'Zhang', '张伟1', 'たなか', '김민수'] },
  KOREAN_ONLY: { accepted: ['김민수', '한국어', '가'], rejected: ['김 민수', 'Kim', '김민수1', '金', 'たなか'] },
  THAI_ONLY: { accepted: ['สมชาย', 'สมชาย ใจดี', 'ภาษาไทย'], rejected: ['Somchai', 'สมชาย1', 'สมชาย  ใจดี', ' สมชาย', 'สมชาย Jaidee'] },
  THAI_OR_ENGLISH: {
    accepted: ['สมชาย', 'Somchai', 'สมชาย Jaidee', 'Somchai ใจดี'],
    rejected: ['สมชาย1', 'Som_chai', '张伟', 'สมชาย  Jaidee'],
  },
  JAPANESE: {
    accepted: ['山田太郎', 'やまだ', 'ヤマダ', '山田 太郎', '佐々木', 'ローラ'],
    rejected: ['Yamada', '山田1', '김민수', '山田  太郎', '山田!'],
  },
  JAPANESE_KANA: { accepted: ['やまだ', 'ヤマダ', 'やまだ\u3000たろう', 'ローラ'], rejected: ['山田', 'Yamada', 'やまだ1', 'ヤマダ!'] },
  PASSWORD_STRONG: {
    accepted: ['Abcdef1!', 'P@ssw0rd', 'xY9#', 'Ünïcode1A$'],
    rejected: ['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdef12', 'Abc def1!', '123456'],
  },
  FULL_NAME: {
    accepted: ['Rahim Uddin', 'Md. Abdul Karim', "Sean O'Neil", 'রহিম উদ্দিন', 'Amina Wanjiru', 'Jean-Luc Picard'],
    rejected: ['Rahim', 'Rahim  Uddin', ' Rahim Uddin', 'Rahim Uddin ', 'Rahim 2', '1Rahim Uddin'],
  },
  UPPERCASE_ONLY: { accepted: ['ABC', 'Z', 'KISMAT'], rejected: ['Abc', 'ABC1', 'AB C', 'ÄBC', 'abc'] },
};

describe('pattern families', () => {
  it('has a source for every pattern id, and every source compiles', () => {
    for (const patternId of PATTERN_IDS) {
      expect(PATTERN_SOURCES[patternId], patternId).toBeTypeOf('string');
      expect(isValidPatternSource(PATTERN_SOURCES[patternId]), patternId).toBe(true);
    }
  });

  for (const patternId of PATTERN_IDS) {
    const { accepted, rejected } = EXAMPLES[patternId];
    it(`${patternId}: accepts ${accepted.length} and rejects ${rejected.length} examples`, () => {
      expect(accepted.length).toBeGreaterThan(0);
      if (patternId !== 'LENGTH_ONLY') expect(rejected.length).toBeGreaterThan(0);
      for (const value of accepted) expect(accepts(patternId, value), `${patternId} should accept ${JSON.stringify(value)}`).toBe(true);
      for (const value of rejected) {
        const result = validateFieldValue(ruleOf(patternId), value);
        expect(result.ok, `${patternId} should reject ${JSON.stringify(value)}`).toBe(false);
      }
    });
  }

  it('length only is the match-all marker', () => {
    expect(acceptedPatternFor('LENGTH_ONLY')).toBe(MATCH_ALL);
  });
});

describe('calendar dates', () => {
  function isRealDate(year: number, month: number, day: number): boolean {
    const date = new Date(Date.UTC(2000, month - 1, day));
    date.setUTCFullYear(year);
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }
  const pad = (value: number, width: number) => String(value).padStart(width, '0');

  it('DATE_YMD and DATE_MDY accept exactly the real Gregorian dates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const real = isRealDate(year, month, day);
          expect(accepts('DATE_YMD', `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`)).toBe(real);
          expect(accepts('DATE_MDY', `${pad(month, 2)}-${pad(day, 2)}-${pad(year, 4)}`)).toBe(real);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('knows every February 29 of four centuries', () => {
    for (let year = 1900; year <= 2300; year += 1) {
      const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
      expect(accepts('DATE_YMD', `${year}-02-29`), String(year)).toBe(leap);
    }
  });
});

describe('validateFieldValue', () => {
  const username = { ...ruleOf('LETTER_FIRST_ALNUM', 6, 16), shown: true };

  it('refuses an empty required value with reason required', () => {
    expect(validateFieldValue(username, '')).toEqual({
      ok: false,
      reason: 'required',
      messageKey: 'LETTER_FIRST_ALNUM',
      params: { min: 6, max: 16 },
    });
    expect(validateFieldValue(username, undefined)).toMatchObject({ ok: false, reason: 'required' });
    expect(validateFieldValue(username, null)).toMatchObject({ ok: false, reason: 'required' });
  });

  it('accepts an empty optional value without checking length or pattern', () => {
    expect(validateFieldValue({ ...username, required: false }, '')).toEqual({ ok: true });
  });

  it('treats both bounds as inclusive', () => {
    expect(validateFieldValue(username, 'abcde')).toMatchObject({ ok: false, reason: 'length', params: { min: 6, max: 16 } });
    expect(validateFieldValue(username, 'abcdef')).toEqual({ ok: true });
    expect(validateFieldValue(username, 'a'.repeat(16))).toEqual({ ok: true });
    expect(validateFieldValue(username, 'a'.repeat(17))).toMatchObject({ ok: false, reason: 'length' });
  });

  it('checks length before the pattern', () => {
    expect(validateFieldValue(username, '1')).toMatchObject({ reason: 'length' });
    expect(validateFieldValue(username, '1abcdef')).toMatchObject({ reason: 'pattern', messageKey: 'LETTER_FIRST_ALNUM' });
  });

  it('counts characters as code points, not UTF-16 units', () => {
    const rule = { ...ruleOf('LENGTH_ONLY', 2, 2) };
    expect(validateFieldValue(rule, '😀😀')).toEqual({ ok: true });
    expect(validateFieldValue(rule, '😀')).toMatchObject({ reason: 'length' });
  });

  it("treats '*' as match-all", () => {
    expect(
      validateFieldValue({ patternId: 'LENGTH_ONLY', acceptedPattern: '*', minLength: 1, maxLength: 5, required: true }, '!? x'),
    ).toEqual({
      ok: true,
    });
  });

  it('never refuses a hidden field', () => {
    expect(validateFieldValue({ ...username, shown: false }, '')).toEqual({ ok: true });
    expect(validateFieldValue({ ...username, shown: false }, '!!')).toEqual({ ok: true });
  });

  it('refuses every value when the pattern does not compile', () => {
    const broken = { patternId: 'NO_SPACES' as const, acceptedPattern: '^(unclosed$', minLength: 0, maxLength: 10, required: true };
    expect(isValidPatternSource(broken.acceptedPattern)).toBe(false);
    expect(validateFieldValue(broken, 'abc')).toMatchObject({ ok: false, reason: 'pattern' });
  });

  it('uses a rule whose pattern is a custom source', () => {
    const rule = { patternId: 'DIGITS_ONLY' as const, acceptedPattern: '^01[3-9]\\d{8}$', minLength: 11, maxLength: 11, required: true };
    expect(validateFieldValue(rule, '01712345678')).toEqual({ ok: true });
    expect(validateFieldValue(rule, '01212345678')).toMatchObject({ reason: 'pattern' });
  });
});
