import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

function faces(css: string): string[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1] ?? '');
}

describe('self-hosted Bengali font', () => {
  it('is imported by the global stylesheet and named in the text font stacks', () => {
    expect(read('./global.css')).toMatch(/@import "\.\/fonts\.css";/);
    const tokens = read('./tokens.css');
    for (const stack of ['--font-sans', '--font-display']) {
      expect(new RegExp(`${stack}:[^;]*"Noto Sans Bengali"`).test(tokens)).toBe(true);
    }
  });

  it('declares the weights the site draws, each swapping in and limited to Bengali text', () => {
    const declared = faces(read('./fonts.css'));
    expect(declared.map((face) => /font-weight:\s*(\d+)/.exec(face)?.[1])).toEqual(['400', '600', '700']);
    for (const face of declared) {
      expect(face).toMatch(/font-family:\s*"Noto Sans Bengali"/);
      expect(face).toMatch(/font-display:\s*swap/);
      expect(face).toMatch(/unicode-range:[^;]*U\+0980-09FE/);
      // EN and SW pages never download it: no Latin range.
      expect(face).not.toMatch(/U\+0000/);
    }
  });

  it('points at Bengali-subset woff2 files the package really ships', () => {
    const urls = [...read('./fonts.css').matchAll(/url\("([^"]+)"\)/g)].map((match) => match[1] ?? '');
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      expect(url).toMatch(/^@fontsource\/noto-sans-bengali\/files\/noto-sans-bengali-bengali-\d00-normal\.woff2$/);
      expect(() => require.resolve(url)).not.toThrow();
    }
  });
});

describe('taka sign face', () => {
  it('covers U+09F3 alone, in each weight, from files cut out of the same font, declared after the Bengali faces', () => {
    const declared = faces(read('./taka-font.css'));
    expect(declared.map((face) => /font-weight:\s*(\d+)/.exec(face)?.[1])).toEqual(['400', '600', '700']);
    for (const face of declared) {
      expect(face).toMatch(/font-family:\s*"Noto Sans Bengali"/);
      expect(face).toMatch(/font-display:\s*swap/);
      expect(face).toMatch(/unicode-range:\s*U\+09F3;/);
      const url = /url\("\.\/([^"?]+)\?no-inline"\)/.exec(face)?.[1] ?? '';
      expect(readFileSync(new URL(url, import.meta.url)).byteLength).toBeLessThan(10_240);
    }
    // The last matching @font-face wins: the taka faces must come after the full ones.
    const global = read('./global.css');
    expect(global.indexOf('@import "./taka-font.css";')).toBeGreaterThan(global.indexOf('@import "./fonts.css";'));
  });
});
