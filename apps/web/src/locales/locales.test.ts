import { describe, expect, it } from 'vitest';
import accountsBn from './accounts/bn.json';
import accountsEn from './accounts/en.json';
import accountsSw from './accounts/sw.json';
import agentCentreBn from './agent-centre/bn.json';
import agentCentreEn from './agent-centre/en.json';
import agentCentreSw from './agent-centre/sw.json';
import bn from './bn.json';
import en from './en.json';
import feedbackBn from './feedback/bn.json';
import feedbackEn from './feedback/en.json';
import feedbackSw from './feedback/sw.json';
import houseGamesBn from './house-games/bn.json';
import houseGamesEn from './house-games/en.json';
import houseGamesSw from './house-games/sw.json';
import loyaltyBn from './loyalty/bn.json';
import loyaltyEn from './loyalty/en.json';
import loyaltySw from './loyalty/sw.json';
import memberCentreBn from './member-centre/bn.json';
import memberCentreEn from './member-centre/en.json';
import memberCentreSw from './member-centre/sw.json';
import promotionsBn from './promotions/bn.json';
import promotionsEn from './promotions/en.json';
import promotionsSw from './promotions/sw.json';
import saferBn from './safer/bn.json';
import saferEn from './safer/en.json';
import saferSw from './safer/sw.json';
import sw from './sw.json';

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [nested, text] of flatten(value, path)) result.set(nested, text);
  }
  return result;
}

/** The shell's messages and each lazily loaded namespace, per language. */
const NAMESPACES = {
  translation: { bn: flatten(bn), en: flatten(en), sw: flatten(sw) },
  accounts: { bn: flatten(accountsBn), en: flatten(accountsEn), sw: flatten(accountsSw) },
  feedback: { bn: flatten(feedbackBn), en: flatten(feedbackEn), sw: flatten(feedbackSw) },
  promotions: { bn: flatten(promotionsBn), en: flatten(promotionsEn), sw: flatten(promotionsSw) },
  loyalty: { bn: flatten(loyaltyBn), en: flatten(loyaltyEn), sw: flatten(loyaltySw) },
  safer: { bn: flatten(saferBn), en: flatten(saferEn), sw: flatten(saferSw) },
  // Parts of the default namespace that lazy screens merge in (lib/i18n.ts PART_LOADERS).
  houseGames: { bn: flatten(houseGamesBn), en: flatten(houseGamesEn), sw: flatten(houseGamesSw) },
  agentCentre: { bn: flatten(agentCentreBn), en: flatten(agentCentreEn), sw: flatten(agentCentreSw) },
  memberCentre: { bn: flatten(memberCentreBn), en: flatten(memberCentreEn), sw: flatten(memberCentreSw) },
};

describe('parts of the default namespace', () => {
  const parts = [NAMESPACES.houseGames, NAMESPACES.agentCentre, NAMESPACES.memberCentre];
  it.each(['bn', 'en', 'sw'] as const)('%s: a part never redefines a shell key or another part key', (language) => {
    const seen = new Set(NAMESPACES.translation[language].keys());
    const duplicated: string[] = [];
    for (const part of parts) {
      for (const key of part[language].keys()) {
        if (seen.has(key)) duplicated.push(key);
        seen.add(key);
      }
    }
    expect(duplicated).toEqual([]);
    expect(seen.size).toBeGreaterThan(NAMESPACES.translation[language].size);
  });
});

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** Trans components (<termsLink>…</termsLink>) must survive translation too. */
function tags(text: string): string[] {
  return [...text.matchAll(/<\/?(\w+)>/g)].map((match) => match[0]).sort();
}

describe.each(Object.entries(NAMESPACES))('locales: %s', (_, LOCALES) => {
  it('bn, en and sw have exactly the same keys', () => {
    const bnKeys = [...LOCALES.bn.keys()].sort();
    expect([...LOCALES.en.keys()].sort()).toEqual(bnKeys);
    expect([...LOCALES.sw.keys()].sort()).toEqual(bnKeys);
  });

  it.each(Object.entries(LOCALES))('%s has no empty values', (_, messages) => {
    const empty = [...messages].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('every translation keeps the same interpolation variables and tags', () => {
    const mismatched: string[] = [];
    for (const [key, text] of LOCALES.bn) {
      for (const [name, messages] of Object.entries(LOCALES)) {
        const other = messages.get(key) ?? '';
        if (placeholders(other).join() !== placeholders(text).join() || tags(other).join() !== tags(text).join()) {
          mismatched.push(`${name}:${key}`);
        }
      }
    }
    expect(mismatched).toEqual([]);
  });

  it('BN is really translated, not an English copy', () => {
    const copied = [...LOCALES.bn].filter(([key, text]) => /[a-z]{4,}/i.test(text) && text === LOCALES.en.get(key));
    // Brand and platform names (Kismat, iOS) may stay as they are; sentences may not.
    expect(copied.filter(([, text]) => text.split(' ').length > 2)).toEqual([]);
  });
});
