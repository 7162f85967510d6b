import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The web's layers (docs/ARCHITECTURE.md, bulletproof-react): app/ composes features/; a feature
 * uses components/, lib/ and stores/ but never another feature; below them nothing imports
 * upwards, so no two folders import each other (lib and stores once did, which made the load
 * order of the session store depend on who imported the API client first). Tests may reach
 * across (they render the pieces together), so only non-test sources are policed.
 */
const sourceRoot = import.meta.dirname;

/** Top to bottom: a folder may import its own files and those of the folders after it. */
export const LAYERS = ['app', 'features', 'components', 'lib', 'stores', 'config', 'locales', 'styles'] as const;

const IMPORT_PATTERN = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.startsWith('test/');
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(sourceRoot, path)] : [];
  });
}

/** The src-relative path an import names, or null for a package. */
export function resolveImport(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return relative(sourceRoot, resolve(sourceRoot, dirname(fromFile), specifier));
  return null;
}

/** "features/wallet/api/x" -> { layer: "features", feature: "wallet" }; files at the root are their own layer. */
function placeOf(path: string): { layer: string; feature: string | null } {
  const [layer = '', feature = null] = path.split('/');
  return { layer, feature: layer === 'features' ? feature : null };
}

/** Every import of a non-test source that breaks the layering, as "from -> to: reason". */
export function findViolations(sources: ReadonlyMap<string, string>): string[] {
  const violations: string[] = [];
  for (const [file, text] of sources) {
    if (isTestFile(file)) continue;
    const from = placeOf(file);
    const fromRank = LAYERS.indexOf(from.layer as (typeof LAYERS)[number]);
    for (const match of text.matchAll(IMPORT_PATTERN)) {
      const target = resolveImport(file, match[1] ?? '');
      if (target === null) continue;
      const to = placeOf(target);
      if (from.feature !== null && to.feature !== null && from.feature !== to.feature) {
        violations.push(`${file} -> ${target}: a feature imports another feature`);
        continue;
      }
      const toRank = LAYERS.indexOf(to.layer as (typeof LAYERS)[number]);
      if (fromRank >= 0 && toRank >= 0 && toRank < fromRank) {
        violations.push(`${file} -> ${target}: ${from.layer}/ imports ${to.layer}/, which sits above it`);
      }
    }
  }
  return violations;
}

describe('web import boundaries', () => {
  const files = sourceFiles(sourceRoot);
  const sources = new Map(files.map((file) => [file, readFileSync(join(sourceRoot, file), 'utf8')]));

  it('finds the sources it polices', () => {
    expect(files.filter((file) => file.startsWith('features/')).length).toBeGreaterThan(100);
    expect(files.some((file) => file.startsWith('lib/'))).toBe(true);
    expect(files.some((file) => file.startsWith('stores/'))).toBe(true);
  });

  it('has no feature importing another, no lib<->stores cycle, no import upwards', () => {
    expect(findViolations(sources)).toEqual([]);
  });

  // Helpers written once (issue 13 item 7): each copy had drifted (key prefixes, exclusive ends).
  it.each([
    ['idempotency keys', /randomUUID|function newIdempotencyKey/, 'lib/idempotency-key.ts'],
    ['date presets', /function presetRange|DATE_PRESETS\s*=/, 'lib/date-presets.ts'],
  ])('writes %s in one place', (_, pattern, home) => {
    const writers = files.filter((file) => !isTestFile(file) && pattern.test(sources.get(file) ?? ''));
    expect(writers).toEqual([home]);
  });

  // The check itself must bite: each planted file below is one violation it has to report.
  it.each([
    ['a feature importing another', 'features/wallet/components/x.tsx', "import { y } from '@/features/agent/api/y';"],
    ['a relative import into another feature', 'features/wallet/components/x.tsx', "import { y } from '../../agent/utils/y';"],
    ['lib importing components', 'lib/x.ts', "import { Button } from '../components/ui/button';"],
    ['stores importing lib', 'stores/x.ts', "import { apiGet } from '@/lib/api-client';"],
    ['components importing a feature', 'components/ui/x.tsx', "const page = import('@/features/wallet/components/y');"],
  ])('reports %s', (_, file, text) => {
    expect(findViolations(new Map([[file, text]]))).toHaveLength(1);
  });

  it('lets a feature use its own files, components, lib and stores', () => {
    const text = [
      "import { a } from '../api/a';",
      "import { b } from '@/features/wallet/utils/b';",
      "import { c } from '@/components/ui/c';",
      "import { d } from '@/lib/d';",
      "import { e } from '@/stores/e';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(findViolations(new Map([['features/wallet/components/x.tsx', text]]))).toEqual([]);
  });
});
