import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = import.meta.dirname;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('package purity', () => {
  const files = sourceFiles(sourceRoot);

  it('finds the sources it polices', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  // Outcomes must come only from the committed seed stream; a stray Math.random would make a
  // round impossible to verify. Node-only modules or Buffer would break the browser verify page.
  it.each([
    ['Math.random', /Math\s*\.\s*random/],
    ['node: imports', /from\s+['"]node:/],
    ['Buffer', /\bBuffer\b/],
    ['clock reads', /\bDate\.now\b|new Date\(|performance\.now/],
    ['crypto.getRandomValues', /getRandomValues/],
  ])('has no %s outside tests', (_, pattern) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => relative(sourceRoot, file));
    expect(offenders).toEqual([]);
  });
});
