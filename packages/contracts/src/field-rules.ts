import type { FieldRule, PatternId } from './system';

/**
 * The validation engine for server-supplied field rules (spec section 5). Pure: the server
 * checks submitted forms with it and the web forms run the same code, so a value the form
 * accepts is never refused by the server for a reason the user could not see.
 *
 * A rule's `acceptedPattern` is a regular-expression source compiled with the `u` flag, or
 * '*' for match-all. Lengths count code points (a Bengali or Thai letter is one, whatever
 * UTF-16 makes of it) and both bounds are inclusive.
 */

/** Marks a rule that accepts any text (only the length is checked). */
export const MATCH_ALL = '*';

const LETTER = 'A-Za-z';
const THAI_WORD = '\\p{Script=Thai}+';
const THAI_OR_ENGLISH_WORD = `[\\p{Script=Thai}${LETTER}]+`;
// ー (U+30FC) is script Common although it only appears in kana; 々 is already Han.
const JAPANESE_CHAR = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC]';
const KANA_CHAR = '[\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC]';
// A name part: a letter of any script followed by letters, combining marks (Bengali and Thai
// vowel signs), apostrophes, dots or hyphens (O'Neil, Md., Abdul-Karim).
const NAME_PART = "\\p{L}[\\p{L}\\p{M}'.\\-]*";

// Day ranges by month with February 29 only in leap years (Gregorian: divisible by 4, centuries
// only when divisible by 400), so "2023-02-29" is refused by the pattern itself and the web needs
// no separate date check.
const MONTH_DAY_31 = '(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])';
const MONTH_DAY_30 = '(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)';
const MONTH_DAY_FEB = '02-(?:0[1-9]|1\\d|2[0-8])';
const LEAP_YEAR = '(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
const COMMON_MONTH_DAY = `(?:${MONTH_DAY_31}|${MONTH_DAY_30}|${MONTH_DAY_FEB})`;

/** The regular-expression source of each pattern family. */
export const PATTERN_SOURCES: Record<PatternId, string> = {
  LENGTH_ONLY: MATCH_ALL,
  LETTER_FIRST_ALNUM: `^[${LETTER}][${LETTER}0-9]*$`,
  LETTERS_OR_DIGITS: `^[${LETTER}0-9]+$`,
  LETTERS_AND_DIGITS: `^(?=[^${LETTER}]*[${LETTER}])(?=\\D*\\d)[${LETTER}0-9]+$`,
  DIGITS_ONLY: '^\\d+$',
  ALNUM_WITH_UPPERCASE: `^(?=[^A-Z]*[A-Z])[${LETTER}0-9]+$`,
  // Words of English letters separated by single spaces (no leading, trailing or double space).
  ENGLISH_LETTERS_SPACES: `^[${LETTER}]+(?: [${LETTER}]+)*$`,
  NO_SPACES: '^\\S+$',
  // Dot-atom local part and hostname labels (RFC 5322 without quoted strings or IP literals,
  // which no real sign-up uses) and a letters-only top-level domain.
  EMAIL:
    "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$",
  DATE_YMD: `^(?:\\d{4}-${COMMON_MONTH_DAY}|${LEAP_YEAR}-02-29)$`,
  DATE_MDY: `^(?:${COMMON_MONTH_DAY}-\\d{4}|02-29-${LEAP_YEAR})$`,
  CHINESE: '^\\p{Script=Han}+$',
  KOREAN_ONLY: '^\\p{Script=Hangul}+$',
  THAI_ONLY: `^${THAI_WORD}(?: ${THAI_WORD})*$`,
  THAI_OR_ENGLISH: `^${THAI_OR_ENGLISH_WORD}(?: ${THAI_OR_ENGLISH_WORD})*$`,
  // Kanji and kana, words separated by one ASCII or ideographic space (family and given name).
  JAPANESE: `^${JAPANESE_CHAR}+(?:[ \\u3000]${JAPANESE_CHAR}+)*$`,
  // Kana only: the reading of a name (furigana), which banks ask for beside the kanji.
  JAPANESE_KANA: `^${KANA_CHAR}+(?:[ \\u3000]${KANA_CHAR}+)*$`,
  PASSWORD_STRONG: '^(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=\\D*\\d)(?=[A-Za-z0-9]*[^A-Za-z0-9\\s])\\S+$',
  FULL_NAME: `^${NAME_PART}(?: ${NAME_PART})+$`,
  UPPERCASE_ONLY: '^[A-Z]+$',
};

/** The accepted pattern a rule of this family carries. */
export function acceptedPatternFor(patternId: PatternId): string {
  return PATTERN_SOURCES[patternId];
}

export type FieldRuleInput = Pick<FieldRule, 'acceptedPattern' | 'minLength' | 'maxLength' | 'patternId' | 'required'> & {
  /** A hidden field is not part of the form, so it is never refused. */
  shown?: boolean;
};

export type FieldRuleFailureReason = 'required' | 'length' | 'pattern';

export type FieldValidationResult =
  | { ok: true }
  | {
      ok: false;
      reason: FieldRuleFailureReason;
      /** The translation key of the message: the rule's patternId. */
      messageKey: PatternId;
      /** Substituted into the message ("with (min) - (max) characters"). */
      params: { min: number; max: number };
    };

const compiled = new Map<string, RegExp | null>();

/** Compiles once per source; a source that does not compile is remembered as null. */
function compilePattern(source: string): RegExp | null {
  if (compiled.has(source)) return compiled.get(source) ?? null;
  let pattern: RegExp | null;
  try {
    pattern = new RegExp(source, 'u');
  } catch {
    pattern = null;
  }
  compiled.set(source, pattern);
  return pattern;
}

/** True when the source compiles as a `u`-flag regular expression or is the match-all marker. */
export function isValidPatternSource(source: string): boolean {
  return source === MATCH_ALL || compilePattern(source) !== null;
}

export function countCharacters(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/**
 * Checks one value against one rule: required first, then length, then the pattern. An empty
 * optional value is accepted without further checks. A pattern that does not compile refuses
 * every value: a broken rule must be noticed, not silently let anything through.
 */
export function validateFieldValue(rule: FieldRuleInput, value: string | null | undefined): FieldValidationResult {
  if (rule.shown === false) return { ok: true };
  const text = value ?? '';
  const fail = (reason: FieldRuleFailureReason): FieldValidationResult => ({
    ok: false,
    reason,
    messageKey: rule.patternId,
    params: { min: rule.minLength, max: rule.maxLength },
  });
  if (text.length === 0) return rule.required ? fail('required') : { ok: true };
  const length = countCharacters(text);
  if (length < rule.minLength || length > rule.maxLength) return fail('length');
  if (rule.acceptedPattern === MATCH_ALL) return { ok: true };
  const pattern = compilePattern(rule.acceptedPattern);
  if (!pattern?.test(text)) return fail('pattern');
  return { ok: true };
}
