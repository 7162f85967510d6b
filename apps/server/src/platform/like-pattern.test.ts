import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like-pattern';

// [user text, escaped text]: plain text unchanged; %, _ and the backslash itself escaped.
const cases: [string, string][] = [
  ['alice 01712', 'alice 01712'],
  ['', ''],
  ['50%', '50\\%'],
  ['a_b', 'a\\_b'],
  ['C:\\x', 'C:\\\\x'],
  ['%_\\%', '\\%\\_\\\\\\%'],
];

describe('like patterns', () => {
  it.each(cases)('escapeLike(%j) is %j', (text, escaped) => {
    expect(escapeLike(text)).toBe(escaped);
    expect(containsPattern(text)).toBe(`%${escaped}%`);
  });
});
