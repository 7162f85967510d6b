import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, type GlossaryRule } from './glossary';

type Language = 'bn' | 'en' | 'sw';
interface Text {
  source: string;
  key: string | null;
  language: Language;
  text: string;
}

// The repository root; GLOSSARY_ROOT points the check at another copy (an older commit's files).
const ROOT = process.env.GLOSSARY_ROOT ?? join(import.meta.dirname, '../../../..');
const LOCALE_DIR = 'apps/web/src/locales';
const LOCALE_FILES = ['', 'accounts/', 'feedback/', 'safer/', 'house-games/', 'agent-centre/', 'member-centre/'].flatMap((folder) =>
  (['bn', 'en', 'sw'] as const).map((language) => ({ folder, language })),
);
// Server texts the member reads: error and field messages, and seeded content (help, notices, games, channels).
const SERVER_FILES = [
  'apps/server/src/platform/messages.ts',
  'apps/server/src/modules/member/field-messages.ts',
  'apps/server/src/modules/cashier/seed-deposit-channels.ts',
  // Seeded content lives beside its module (catalogue, messages, system): every seed and content file there.
  ...['catalogue', 'messages', 'system'].flatMap((module) =>
    readdirSync(join(ROOT, 'apps/server/src/modules', module))
      .filter((name) => /^(seed-.*|.*-content|.*-data)\.ts$/.test(name) && !name.endsWith('.test.ts'))
      .map((name) => `apps/server/src/modules/${module}/${name}`),
  ),
];
// The server's error-message catalogue as data: one JSON file per language, code -> text.
const SERVER_CATALOGUE_DIR = 'apps/server/src/platform/messages';
// Seeded content as data (JSON content sets: every object's BN/EN/SW fields are texts): the default
// site's sets. The East African sets (east-africa.json, formerly *-content-ke.ts, which this check
// never matched) state the age of their market and are not held to this glossary.
const SERVER_CONTENT_FILES = [
  'apps/server/src/modules/messages/content/default.json',
  'apps/server/src/modules/system/help-content/default.json',
];

/** Every BN/EN/SW string field of every object in a JSON content set. */
function contentTexts(value: unknown, source: string, texts: Text[]): void {
  if (Array.isArray(value)) {
    for (const item of value) contentTexts(item, source, texts);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    if ((key === 'BN' || key === 'EN' || key === 'SW') && typeof item === 'string') {
      texts.push({ source, key: null, language: key.toLowerCase() as Language, text: item });
    } else contentTexts(item, source, texts);
  }
}

function flatten(messages: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : flatten(value as Record<string, unknown>, path);
  });
}

function loadTexts(): Text[] {
  const texts: Text[] = [];
  for (const { folder, language } of LOCALE_FILES) {
    const source = `${LOCALE_DIR}/${folder}${language}.json`;
    const messages = JSON.parse(readFileSync(join(ROOT, source), 'utf8')) as Record<string, unknown>;
    for (const [key, text] of flatten(messages)) texts.push({ source, key, language, text });
  }
  for (const language of ['bn', 'en', 'sw'] as const) {
    const source = `${SERVER_CATALOGUE_DIR}/${language}.json`;
    const catalogue = JSON.parse(readFileSync(join(ROOT, source), 'utf8')) as Record<string, string>;
    for (const text of Object.values(catalogue)) texts.push({ source, key: null, language, text });
  }
  for (const source of SERVER_CONTENT_FILES) contentTexts(JSON.parse(readFileSync(join(ROOT, source), 'utf8')), source, texts);
  for (const source of SERVER_FILES) {
    const code = readFileSync(join(ROOT, source), 'utf8');
    for (const match of code.matchAll(/\b(BN|EN|SW):\s*(['`])((?:\\.|(?!\2)[^\\])*)\2/g)) {
      texts.push({ source, key: null, language: (match[1] ?? 'EN').toLowerCase() as Language, text: match[3] ?? '' });
    }
  }
  return texts;
}

const TEXTS = loadTexts();

function violations(language: 'bn' | 'sw', rule: GlossaryRule, concept: string): string[] {
  const found: string[] = [];
  for (const entry of TEXTS) {
    if (entry.language !== language) continue;
    if (rule.keys && (entry.key === null || !rule.keys.test(entry.key))) continue;
    for (const { pattern, why } of rule.forbidden) {
      const hit = pattern.exec(entry.text);
      if (hit)
        found.push(
          `${concept} [${language}] ${entry.source}${entry.key ? `:${entry.key}` : ''} has "${hit[0]}" (use "${rule.use}": ${why})`,
        );
    }
  }
  return found;
}

describe('glossary: one idea, one word', () => {
  it('finds texts in every language to check', () => {
    for (const language of ['bn', 'en', 'sw'] as const) {
      expect(TEXTS.filter((entry) => entry.language === language && entry.key === null).length).toBeGreaterThan(100);
      expect(TEXTS.filter((entry) => entry.language === language && entry.key !== null).length).toBeGreaterThan(1000);
    }
  });

  it.each(GLOSSARY.filter((term) => term.bn).map((term) => [term.concept, term] as const))('BN: %s', (concept, term) => {
    expect(term.bn ? violations('bn', term.bn, concept) : []).toEqual([]);
  });

  it.each(GLOSSARY.filter((term) => term.sw).map((term) => [term.concept, term] as const))('SW: %s', (concept, term) => {
    expect(term.sw ? violations('sw', term.sw, concept) : []).toEqual([]);
  });

  it('EN states one minimum age too', () => {
    const ages = TEXTS.filter(
      (entry) => entry.language === 'en' && /\b18\s*\+|aged 18\b|over 18\b|\b18 (?:or|and) (?:over|older)|at least 18\b/i.test(entry.text),
    );
    expect(ages.map((entry) => `${entry.source}:${entry.key ?? ''} ${entry.text.slice(0, 80)}`)).toEqual([]);
  });

  it('docs/glossary.md lists the word chosen for every concept', () => {
    const doc = readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8');
    for (const term of GLOSSARY) {
      expect(doc, term.concept).toContain(term.concept);
      for (const rule of [term.bn, term.sw]) if (rule) expect(doc, `${term.concept}: ${rule.use}`).toContain(rule.use);
    }
  });
});
