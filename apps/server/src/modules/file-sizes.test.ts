import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 13's size rule, checked on every `npm test` beside the module rule (boundaries.test.ts):
 * no hand-written source file under apps/, packages/, e2e/ or bench/ (TypeScript, JavaScript and
 * stylesheets; tests, kits and fixtures included) is longer than 450 lines (the back office's one
 * 1,380-line stylesheet went unseen while only .ts/.tsx were measured). A longer file is split by theme into siblings.
 * Generated code (db/migrations, builds) and installed packages are not ours to split.
 */

const repositoryRoot = resolve(import.meta.dirname, '../../../..');
const ROOTS = ['apps', 'packages', 'e2e', 'bench'];
export const MAX_LINES = 450;

/** Folders that hold generated or installed code. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'coverage', 'migrations', 'generated']);
const isSource = (name: string) => /\.(tsx?|m?js|css)$/.test(name) && !/\.gen\.tsx?$/.test(name);

/**
 * Files still over the limit, as repository paths. Each entry is debt: split the file, then
 * remove the entry (the test fails on an entry that no longer needs it, so the list only shrinks).
 */
const KNOWN_LONG_FILES: readonly string[] = [];

interface MeasuredFile {
  path: string;
  lines: number;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return entry.isFile() && isSource(entry.name) ? [path] : [];
  });
}

/** Lines as an editor and `wc -l` count them (a final newline ends the last line, it opens none). */
function lineCount(text: string): number {
  if (text.length === 0) return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** Paths of generated code under a source root (a skipped folder anywhere in the path). */
function isGenerated(path: string): boolean {
  return path.split('/').some((part) => SKIPPED_FOLDERS.has(part)) || !isSource(path);
}

/** The files longer than the limit, longest first. */
function longFiles(files: readonly MeasuredFile[]): string[] {
  return files
    .filter((file) => !isGenerated(file.path) && file.lines > MAX_LINES)
    .sort((left, right) => right.lines - left.lines)
    .map((file) => file.path);
}

describe('file sizes', () => {
  const files: MeasuredFile[] = ROOTS.flatMap((root) => sourceFiles(join(repositoryRoot, root))).map((path) => ({
    path: relative(repositoryRoot, path).split('\\').join('/'),
    lines: lineCount(readFileSync(path, 'utf8')),
  }));

  it('measures the sources it polices', () => {
    expect(files.length).toBeGreaterThan(1000);
    for (const root of ROOTS) expect(files.some((file) => file.path.startsWith(`${root}/`))).toBe(true);
    expect(files.some((file) => file.path.endsWith('.tsx'))).toBe(true);
    expect(files.some((file) => file.path.endsWith('.test.ts'))).toBe(true);
    expect(files.some((file) => file.path.endsWith('.module.css'))).toBe(true);
    expect(files.some((file) => /node_modules|\/dist\/|\/migrations\//.test(file.path))).toBe(false);
  });

  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const long = longFiles(files);
    // Debt paid off leaves the list too, so it only shrinks.
    expect({
      unlisted: long.filter((path) => !KNOWN_LONG_FILES.includes(path)),
      paidOff: KNOWN_LONG_FILES.filter((path) => !long.includes(path)),
    }).toEqual({ unlisted: [], paidOff: [] });
  });

  // The check itself must be able to fail.
  it('catches planted violations', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('')).toBe(0);
    const planted: MeasuredFile[] = [
      { path: 'apps/server/src/modules/cashier/planted.test.ts', lines: MAX_LINES + 1 },
      { path: 'apps/web/src/features/planted/planted-form.tsx', lines: 900 },
      { path: 'e2e/specs/planted.e2e.ts', lines: MAX_LINES },
      { path: 'apps/server/src/db/migrations/planted.ts', lines: 5000 },
      { path: 'apps/web/src/routeTree.gen.ts', lines: 5000 },
      { path: 'bench/planted/run.ts', lines: 12 },
      { path: 'apps/admin/src/planted.css', lines: 1380 },
      { path: 'apps/web/public/planted-worker.js', lines: MAX_LINES + 2 },
    ];
    expect(longFiles(planted)).toEqual([
      'apps/admin/src/planted.css',
      'apps/web/src/features/planted/planted-form.tsx',
      'apps/web/public/planted-worker.js',
      'apps/server/src/modules/cashier/planted.test.ts',
    ]);
    expect(lineCount(`${'x\n'.repeat(MAX_LINES + 1)}`)).toBe(MAX_LINES + 1);
  });
});
