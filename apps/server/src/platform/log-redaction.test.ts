import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides the value of credential-bearing query parameters and keeps the rest', () => {
    expect(redactUrl('/ws?token=abc123&lang=bn')).toBe('/ws?token=[redacted]&lang=bn');
    expect(redactUrl('/reset?lang=en&Code=999111')).toBe('/reset?lang=en&Code=[redacted]');
    expect(redactUrl('/x?access_token=s3cr3t')).toBe('/x?access_token=[redacted]');
    expect(redactUrl('/x?%74oken=s3cr3t')).toBe('/x?%74oken=[redacted]');
    // Evolution's One Wallet sends its shared secret on every call as ?authToken=.
    expect(redactUrl('/aggregators/evolution/K/E/debit?authToken=s3cr3t')).toBe('/aggregators/evolution/K/E/debit?authToken=[redacted]');
  });

  it('leaves URLs without secrets unchanged', () => {
    expect(redactUrl('/lgw/games/game_menus')).toBe('/lgw/games/game_menus');
    expect(redactUrl('/list?pageNo=1&pageSize=20&gameType=RNG')).toBe('/list?pageNo=1&pageSize=20&gameType=RNG');
    expect(redactUrl('/list?flag&tokenish=1')).toBe('/list?flag&tokenish=1');
  });
});
