import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The module rule of docs/ARCHITECTURE.md ("Layers and module faces"), checked on every `npm test`:
 *   1. a file outside modules/<name>/ imports only modules/<name>/index.ts, the module's face
 *      (the route registry, modules/index.ts, also imports each module's route plugins);
 *   2. no two modules import each other (a cycle makes both one module in all but name);
 *   3. platform/ never imports a module (plumbing sits below every domain), and db/ (schema and
 *      migrations, the bottom) imports nothing of platform, modules or the seed;
 *   4. route files stay thin: no SQL, no tables, no Drizzle operators;
 *   5. only the wallet reads or locks the ledger's tables; others call the wallet's face;
 *   6. every table of db/schema has one owner (a module or platform, TABLE_OWNERS below), and a
 *      module's production code touches only its own tables and platform's; another module's table
 *      is read or written through its owner's face. platform/ touches its own tables, plus the few
 *      module tables it reads for the request context (PLATFORM_READS, declared, not hidden).
 * Tests, test kits and fixtures may reach into a module to set up state; production code may not.
 */

const sourceRoot = resolve(import.meta.dirname, '..');
const modulesRoot = join(sourceRoot, 'modules');

/** Two-way module pairs not yet broken. Each entry is debt: remove it when the pair is one-way. */
const KNOWN_TWO_WAY_PAIRS: readonly string[] = [];

/** Route files that still run SQL. Each entry is debt: remove it when the route calls an operation. */
const KNOWN_ROUTES_WITH_SQL: readonly string[] = [];

/** Files outside the wallet that still read ledger tables. Each entry is debt: move the read to the wallet's face. */
const KNOWN_LEDGER_READERS: readonly string[] = [];

/**
 * Table ownership: a schema file named after a module (agent.ts, facts.ts, house-games.ts) holds
 * that module's tables; the other files are listed here; a table in TABLE_OWNERS overrides its file.
 */
const SCHEMA_FILE_OWNERS: Readonly<Record<string, string>> = {
  accounts: 'member',
  catalogue: 'catalogue',
  games: 'vendor-wallet',
  ledger: 'wallet',
  merchants: 'platform',
  operators: 'operator',
  platform: 'platform',
  'payment-providers': 'cashier',
  'promotion-campaigns': 'promotions',
  reconciliation: 'cashier',
  system: 'system',
};
const TABLE_OWNERS: Readonly<Record<string, string>> = {
  // accounts.ts: the member's own rows stay the member module's; the rest is plumbing or other domains.
  sessions: 'platform',
  captchas: 'platform',
  loginFailures: 'platform',
  auditLog: 'platform',
  outboxMessages: 'platform',
  sealedBodyNonces: 'platform',
  payloadKeys: 'platform',
  verificationCodes: 'verification',
  verificationLocks: 'verification',
  loginChallenges: 'session',
  bankAccounts: 'security',
  // member-desk.ts: where a member logged in from is written at login, by the member module.
  memberSightings: 'member',
  memberDevices: 'member',
  // games.ts: launches belong to the launcher, the player's game lists to the catalogue.
  gameLaunches: 'game-launch',
  gameFavourites: 'catalogue',
  gameRecentPlays: 'catalogue',
  // aggregator-play.ts: aggregator game sessions and bet attributes, the vendor wallet's core (seamless-core.ts).
  aggregatorSessions: 'vendor-wallet',
  aggregatorBets: 'vendor-wallet',
  // operators.ts: operator sessions and the operator audit trail are plumbing (platform/operator-auth, platform/audit).
  operatorSessions: 'platform',
  operatorAuditLog: 'platform',
  // system.ts: the home page's banners and announcements are the messages module's.
  banners: 'messages',
  announcements: 'messages',
  announcementImages: 'messages',
  contentImages: 'messages',
  // aggregator-studios.ts: the studios an aggregator contract brings, written by its catalogue sync.
  aggregatorStudios: 'aggregators',
};

/** Module tables platform/ reads, declared: it sits below the modules, so it cannot call their faces. */
const PLATFORM_READS: Readonly<Record<string, readonly string[]>> = {
  'platform/auth.ts': ['members'], // the member request context (status, token version) on every request
  'platform/realtime/register-realtime.ts': ['members'], // the same check for a socket
  'platform/operator-auth.ts': ['operators'], // the operator request context
};

/** Production files touching another module's tables, as "file -> table". Each entry is debt: call the owner's face. */
const KNOWN_FOREIGN_TABLE_READS: readonly string[] = [];

interface SourceFile {
  path: string;
  text: string;
}

interface ImportEdge {
  from: string;
  to: string;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Test code may set up state through a module's inner files; it never ships. */
function isTestCode(path: string): boolean {
  return /\.test\.ts$|-test-(fixture|kit)\.ts$/.test(path) || path.startsWith('test/');
}

/** `import ... from`, `export ... from`, side-effect and dynamic imports. */
const IMPORT_PATTERN =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of every file, resolved to paths under the source root (no extension). */
function importEdges(files: readonly SourceFile[]): ImportEdge[] {
  return files.flatMap((file) =>
    [...file.text.matchAll(IMPORT_PATTERN)]
      .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        from: file.path,
        to: relative(sourceRoot, resolve(sourceRoot, dirname(file.path), specifier)).replace(/\.(ts|js)$/, ''),
      })),
  );
}

/** The module a path belongs to (modules/<name>/...), or null for platform, db, app and the registry. */
function moduleOf(path: string): string | null {
  const match = /^modules\/([^/]+)\//.exec(path);
  return match?.[1] ?? null;
}

const isFace = (target: string) => /^modules\/[^/]+(\/index)?$/.test(target);
const isRoutePlugin = (target: string) => /^modules\/[^/]+\/([a-z-]+-)?routes$/.test(target);

/** Imports into another module's inner files. */
function innerImports(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((edge) => !isTestCode(edge.from))
    .filter((edge) => {
      const target = moduleOf(edge.to);
      if (target === null || target === moduleOf(edge.from) || isFace(edge.to)) return false;
      return !(edge.from === 'modules/index.ts' && isRoutePlugin(edge.to));
    })
    .map((edge) => `${edge.from} -> ${edge.to}`);
}

/** Pairs of modules whose production code imports each other, as "a<->b" with a < b. */
function twoWayPairs(edges: readonly ImportEdge[]): string[] {
  const dependsOn = new Set<string>();
  for (const edge of edges) {
    if (isTestCode(edge.from)) continue;
    const from = moduleOf(edge.from);
    const to = moduleOf(edge.to);
    if (from && to && from !== to) dependsOn.add(`${from}->${to}`);
  }
  const pairs = [...dependsOn]
    .map((dependency) => dependency.split('->') as [string, string])
    .filter(([from, to]) => from < to && dependsOn.has(`${to}->${from}`))
    .map(([from, to]) => `${from}<->${to}`);
  return pairs.sort();
}

/** Platform files (plumbing) importing a domain module. */
function platformImportsOfModules(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((edge) => edge.from.startsWith('platform/') && !isTestCode(edge.from) && edge.to.startsWith('modules/'))
    .map((edge) => `${edge.from} -> ${edge.to}`);
}

/** db/ files importing anything above the bottom layer. */
function dbImportsAbove(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((edge) => edge.from.startsWith('db/') && /^(platform|modules|seed|test)\//.test(edge.to))
    .map((edge) => `${edge.from} -> ${edge.to}`);
}

const isRouteFile = (path: string) => /^modules\/[^/]+\/([a-z-]+-)?routes\.ts$/.test(path);
const SQL_PATTERNS = [
  /from\s+['"]drizzle-orm(\/[^'"]*)?['"]/,
  /from\s+['"][./]*\/db\/schema(\/[^'"]*)?['"]/,
  // A query on the database handle (db, tx, root.db, ctx.db); app.delete() is a route, hash.update() no query.
  /\b(db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|transaction)\s*\(/,
  /\bsql`/,
];

/** Route files that query the database themselves instead of calling an operation. */
function routeFilesWithSql(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => isRouteFile(file.path))
    .filter((file) => SQL_PATTERNS.some((pattern) => pattern.test(file.text)))
    .map((file) => file.path);
}

const LEDGER_TABLES = /from\s+['"][./]*\/db\/schema\/ledger['"]|\bledger_(accounts|account_shards|entries|transfers|holds)\b/;

/** Production files outside the wallet that touch the ledger's tables (Drizzle or raw SQL). */
function ledgerReadersOutsideWallet(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => moduleOf(file.path) !== null && moduleOf(file.path) !== 'wallet' && !isTestCode(file.path))
    .filter((file) => LEDGER_TABLES.test(file.text))
    .map((file) => file.path);
}

interface TableInfo {
  name: string;
  sqlName: string;
  schemaFile: string;
}

/** Every pgTable of db/schema/*.ts: its export name, SQL name and file. */
function schemaTables(files: readonly SourceFile[]): TableInfo[] {
  return files
    .filter((file) => file.path.startsWith('db/schema/'))
    .flatMap((file) =>
      [...file.text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"](\w+)['"]/g)].map((match) => ({
        name: match[1] ?? '',
        sqlName: match[2] ?? '',
        schemaFile: file.path.replace(/^db\/schema\/|\.ts$/g, ''),
      })),
    );
}

/** The owner of a table: a module name or 'platform'; by default the module its schema file is named after. */
function ownerOf(table: TableInfo): string {
  return TABLE_OWNERS[table.name] ?? SCHEMA_FILE_OWNERS[table.schemaFile] ?? table.schemaFile;
}

const SCHEMA_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"][./]*\/db\/schema(?:\/[\w-]+)?['"]/g;

const rawSqlPatterns = new Map<string, RegExp>();

/** `from|join|update|into <table>` in raw SQL (`FROM games g`, `INSERT INTO game_rounds`). */
function rawSqlPattern(table: TableInfo): RegExp {
  let pattern = rawSqlPatterns.get(table.sqlName);
  if (!pattern) {
    pattern = new RegExp(`\\b(from|join|update|into)\\s+"?${table.sqlName}"?\\b`, 'i');
    rawSqlPatterns.set(table.sqlName, pattern);
  }
  return pattern;
}

/** The code without its comments, where prose may say "from members" (a URL's `://` is no comment). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

/**
 * The tables a file names: Drizzle imports from db/schema, and raw SQL on a table's name: a
 * multi-word name anywhere in the file (comments too), a one-word name (games, members) in the
 * code outside comments.
 */
function tablesUsed(file: SourceFile, tables: readonly TableInfo[]): TableInfo[] {
  const imported = new Set<string>();
  for (const match of file.text.matchAll(SCHEMA_IMPORT)) {
    if (match[1]) continue; // import type { MemberRow }: a row shape, no query
    for (const specifier of (match[2] ?? '').split(',')) {
      const name = specifier.trim().split(/\s+as\s+/)[0] ?? '';
      if (!name.startsWith('type ')) imported.add(name);
    }
  }
  const code = withoutComments(file.text);
  return tables.filter((table) => imported.has(table.name) || rawSqlPattern(table).test(table.sqlName.includes('_') ? file.text : code));
}

/** Production code touching a table its layer does not own, as "file -> table". */
function foreignTableUses(files: readonly SourceFile[], tables: readonly TableInfo[]): string[] {
  return files
    .filter((file) => !isTestCode(file.path) && (moduleOf(file.path) !== null || file.path.startsWith('platform/')))
    .flatMap((file) => {
      const layer = moduleOf(file.path) ?? 'platform';
      return tablesUsed(file, tables)
        .filter((table) => {
          const owner = ownerOf(table);
          if (owner === layer || (owner === 'platform' && layer !== 'platform')) return false;
          return !(layer === 'platform' && PLATFORM_READS[file.path]?.includes(table.name));
        })
        .map((table) => `${file.path} -> ${table.name}`);
    });
}

describe('module boundaries', () => {
  const files: SourceFile[] = sourceFiles(sourceRoot).map((path) => ({
    path: relative(sourceRoot, path),
    text: readFileSync(path, 'utf8'),
  }));
  const edges = importEdges(files);
  const moduleNames = new Set(
    readdirSync(modulesRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
  const tables = schemaTables(files);

  it('finds the sources and imports it polices', () => {
    expect(files.filter((file) => moduleOf(file.path)).length).toBeGreaterThan(200);
    expect(edges.filter((edge) => edge.to.startsWith('modules/')).length).toBeGreaterThan(500);
    expect(sourceFiles(modulesRoot).length).toBeGreaterThan(200);
  });

  it('imports another module only through its face (modules/<name>/index.ts)', () => {
    expect(innerImports(edges)).toEqual([]);
  });

  it('has no two modules importing each other', () => {
    expect(twoWayPairs(edges).filter((pair) => !KNOWN_TWO_WAY_PAIRS.includes(pair))).toEqual([]);
  });

  it('keeps platform below the modules and db/ at the bottom', () => {
    expect(platformImportsOfModules(edges)).toEqual([]);
    expect(dbImportsAbove(edges)).toEqual([]);
  });

  it('runs no SQL in a route file', () => {
    expect(routeFilesWithSql(files).filter((path) => !KNOWN_ROUTES_WITH_SQL.includes(path))).toEqual([]);
  });

  it('leaves the ledger tables to the wallet', () => {
    expect(ledgerReadersOutsideWallet(files).filter((path) => !KNOWN_LEDGER_READERS.includes(path))).toEqual([]);
  });

  it('gives every table one owner: a module or platform', () => {
    expect(tables.length).toBeGreaterThan(60);
    const schemaFiles = new Set(tables.map((table) => table.schemaFile));
    const declaredOwners = [...Object.values(SCHEMA_FILE_OWNERS), ...Object.values(TABLE_OWNERS)];
    expect(declaredOwners.filter((owner) => owner !== 'platform' && !moduleNames.has(owner))).toEqual([]);
    expect(Object.keys(SCHEMA_FILE_OWNERS).filter((file) => !schemaFiles.has(file))).toEqual([]);
    const declaredTables = [...Object.keys(TABLE_OWNERS), ...Object.values(PLATFORM_READS).flat()];
    expect(declaredTables.filter((name) => !tables.some((table) => table.name === name))).toEqual([]);
  });

  it("leaves each module's tables to it (others call its face)", () => {
    const foreign = foreignTableUses(files, tables);
    // Debt paid off leaves the list too, so it only shrinks.
    expect({
      unlisted: foreign.filter((use) => !KNOWN_FOREIGN_TABLE_READS.includes(use)),
      paidOff: KNOWN_FOREIGN_TABLE_READS.filter((use) => !foreign.includes(use)),
    }).toEqual({ unlisted: [], paidOff: [] });
  });

  // The check itself must be able to fail: each rule on a planted file.
  it('catches planted violations', () => {
    const planted: SourceFile[] = [
      { path: 'modules/cashier/planted.ts', text: "import { postTransfer } from '../wallet/post-transfer';\n" },
      { path: 'modules/wallet/planted.ts', text: "import { thing } from '../cashier/index';\n" },
      { path: 'platform/planted.ts', text: "export { x } from '../modules/member/index';\n" },
      { path: 'db/schema/planted.ts', text: "import type { Db } from '../../platform/db';\n" },
      { path: 'modules/cashier/planted-routes.ts', text: "import { sql } from 'drizzle-orm';\nawait db.execute(sql`select 1`);\n" },
      { path: 'modules/cashier/planted.test.ts', text: "import { postTransfer } from '../wallet/post-transfer';\n" },
      { path: 'modules/cashier/fine-routes.ts', text: "app.delete('/x', handler);\nhash.update(body);\n" },
      { path: 'modules/cashier/planted-balance.ts', text: "import { ledgerAccounts } from '../../db/schema/ledger';\n" },
    ];
    const plantedEdges = importEdges(planted);
    expect(innerImports(plantedEdges)).toEqual(['modules/cashier/planted.ts -> modules/wallet/post-transfer']);
    expect(twoWayPairs(plantedEdges)).toEqual(['cashier<->wallet']);
    expect(platformImportsOfModules(plantedEdges)).toEqual(['platform/planted.ts -> modules/member/index']);
    expect(dbImportsAbove(plantedEdges)).toEqual(['db/schema/planted.ts -> platform/db']);
    expect(routeFilesWithSql(planted)).toEqual(['modules/cashier/planted-routes.ts']);
    expect(ledgerReadersOutsideWallet(planted)).toEqual(['modules/cashier/planted-balance.ts']);
    const tablesPlanted: SourceFile[] = [
      { path: 'modules/cashier/planted-member.ts', text: "import { memberTree, type MemberRow } from '../../db/schema/accounts';\n" },
      { path: 'modules/agent/planted-raw.ts', text: 'await tx.execute(sql`select 1 from member_tree t`);\n' },
      {
        path: 'modules/agent/planted-raw-word.ts',
        text: 'await tx.execute(sql`SELECT g.id FROM games g JOIN vendors v ON v.id = g.vendor_id`);\n',
      },
      {
        path: 'modules/cashier/fine-prose.ts',
        text: '// Counts deposits from members who joined games (https://example.test//x).\nconst url = "https://example.test/games";\n',
      },
      { path: 'modules/member/fine.ts', text: "import { members, merchants } from '../../db/schema';\n" },
      { path: 'modules/member/fine-types.ts', text: "import type { depositRequests } from '../../db/schema/cashier';\n" },
      { path: 'platform/auth.ts', text: "import { members } from '../db/schema/accounts';\n" },
      { path: 'platform/planted.ts', text: "import { members } from '../db/schema/accounts';\n" },
    ];
    expect(foreignTableUses(tablesPlanted, tables)).toEqual([
      'modules/cashier/planted-member.ts -> memberTree',
      'modules/agent/planted-raw.ts -> memberTree',
      'modules/agent/planted-raw-word.ts -> vendors',
      'modules/agent/planted-raw-word.ts -> games',
      'platform/planted.ts -> members',
    ]);
  });
});
