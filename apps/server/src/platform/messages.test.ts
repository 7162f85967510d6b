import { ERROR_CODES } from '@kismat/contracts/errors';
import { LANGUAGES } from '@kismat/contracts/languages';
import { describe, expect, it } from 'vitest';
import { messageFor, messageWithAmount } from './messages';
import bn from './messages/bn.json';
import en from './messages/en.json';
import sw from './messages/sw.json';

describe('error-message catalogue', () => {
  it('has every error code, and no other, in each language file', () => {
    const codes = Object.keys(ERROR_CODES).sort();
    for (const file of [bn, en, sw]) expect(Object.keys(file).sort()).toEqual(codes);
  });

  it('gives each code a text of its own in each language', () => {
    for (const language of LANGUAGES) {
      for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) {
        expect(messageFor(code, language).trim()).not.toBe('');
      }
    }
    expect(messageFor('NOT_FOUND', 'EN')).toBe('Not found');
    expect(messageFor('NOT_FOUND', 'SW')).toBe('Haikupatikana');
    expect(messageFor('NOT_FOUND', 'BN')).toBe('খুঁজে পাওয়া যায়নি');
  });

  it('fills {amount} in', () => {
    const template = Object.entries(en).find(([, text]) => text.includes('{amount}'));
    expect(template).toBeDefined();
    const [code] = template as [keyof typeof ERROR_CODES, string];
    expect(messageWithAmount(code, 'EN', '৳ 50')).toContain('৳ 50');
    expect(messageWithAmount(code, 'EN', '৳ 50')).not.toContain('{amount}');
  });
});
