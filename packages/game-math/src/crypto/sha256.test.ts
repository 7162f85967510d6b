import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8Bytes } from './bytes';
import { HmacSha256Key, hmacSha256 } from './hmac-sha256';
import { sha256 } from './sha256';

const hex = (text: string) => bytesToHex(sha256(utf8Bytes(text)));

describe('sha256', () => {
  it('matches the FIPS 180-4 example digests', () => {
    expect(hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with node:crypto at every padding boundary', () => {
    // Lengths 0..200 cross the one-block/two-block padding switch at 56 and the block edges.
    for (let length = 0; length <= 200; length++) {
      const message = Uint8Array.from({ length }, (_, index) => (index * 31 + length) & 255);
      expect(bytesToHex(sha256(message))).toBe(createHash('sha256').update(message).digest('hex'));
    }
  });

  it('agrees with node:crypto on arbitrary input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (message) => {
        return bytesToHex(sha256(message)) === createHash('sha256').update(message).digest('hex');
      }),
    );
  });
});

describe('hmacSha256', () => {
  // RFC 4231 section 4 test cases 1-4, 6 and 7 (5 is a truncated output).
  const cases: ReadonlyArray<readonly [string, Uint8Array, Uint8Array, string]> = [
    ['1', new Uint8Array(20).fill(0x0b), utf8Bytes('Hi There'), 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
    ['2', utf8Bytes('Jefe'), utf8Bytes('what do ya want for nothing?'), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
    ['3', new Uint8Array(20).fill(0xaa), new Uint8Array(50).fill(0xdd), '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe'],
    [
      '4',
      hexToBytes('0102030405060708090a0b0c0d0e0f10111213141516171819'),
      new Uint8Array(50).fill(0xcd),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    [
      '6',
      new Uint8Array(131).fill(0xaa),
      utf8Bytes('Test Using Larger Than Block-Size Key - Hash Key First'),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      '7',
      new Uint8Array(131).fill(0xaa),
      utf8Bytes(
        'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      ),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ];

  it.each(cases)('matches RFC 4231 test case %s', (_, key, message, expected) => {
    expect(bytesToHex(hmacSha256(key, message))).toBe(expected);
  });

  it('matches RFC 4231 test case 5 (truncated to 128 bits)', () => {
    const digest = hmacSha256(new Uint8Array(20).fill(0x0c), utf8Bytes('Test With Truncation'));
    expect(bytesToHex(digest.subarray(0, 16))).toBe('a3b6167473100ee06e0c796c2955552b');
  });

  it('agrees with node:crypto for any key and message, and a reused key gives the same digests', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(fc.uint8Array({ maxLength: 150 }), { maxLength: 4 }), (key, messages) => {
        const prepared = new HmacSha256Key(key);
        return messages.every((message) => {
          const expected = createHmac('sha256', key).update(message).digest('hex');
          return bytesToHex(prepared.digest(message)) === expected && bytesToHex(hmacSha256(key, message)) === expected;
        });
      }),
    );
  });
});

describe('hex', () => {
  it('round-trips and refuses malformed text', () => {
    expect(bytesToHex(hexToBytes('00ff7Fa0'))).toBe('00ff7fa0');
    expect(() => hexToBytes('abc')).toThrow(TypeError);
    expect(() => hexToBytes('zz')).toThrow(TypeError);
  });
});
