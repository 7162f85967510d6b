import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OPERATOR_ROLES, type OperatorRoleName } from '@kismat/contracts/operator-accounts';
import { describe, expect, it } from 'vitest';
import { useOperatorSite } from './operator-accounts-test-kit';

/*
 * The role matrix of docs/operator-roles.md, proven route by route: every /admin-api route in
 * Fastify's route table (app.registeredRoutes, filled by the onRoute hook) is called with a
 * token of each role. FORBIDDEN (403) is "refused"; anything else (200, 404 for the made-up id,
 * 422 for the empty body) means the guard let the role through. The observed matrix must equal
 * the documented one, so a new route without a line in the document, or a guard that drifts
 * from it, fails here. `UPDATE_ROLE_MATRIX=1` rewrites the document's table from what is
 * observed (then read the diff: it is the access you are granting).
 */

const DOC = path.resolve(import.meta.dirname, '../../../../../docs/operator-roles.md');
const START = '<!-- role-matrix:start -->';
const END = '<!-- role-matrix:end -->';
type Matrix = Map<string, Set<OperatorRoleName>>;

const { ctx, tokenOf, as } = useOperatorSite();

function readDocumented(): Matrix {
  const text = readFileSync(DOC, 'utf8');
  const table = text.slice(text.indexOf(START) + START.length, text.indexOf(END));
  const matrix: Matrix = new Map();
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | METHOD | `path` | admin | finance | support |
    if (cells.length < 6 || !/^[A-Z]+$/.test(cells[1] ?? '')) continue;
    const roles = new Set(OPERATOR_ROLES.filter((_, index) => cells[3 + index] === '✓'));
    matrix.set(`${cells[1]} ${(cells[2] ?? '').replace(/`/g, '')}`, roles);
  }
  return matrix;
}

function writeDocumented(observed: Matrix): void {
  const rows = [...observed.entries()]
    .sort(([a], [b]) => a.split(' ')[1]?.localeCompare(b.split(' ')[1] ?? '') || a.localeCompare(b))
    .map(([key, roles]) => {
      const [method, url] = key.split(' ');
      return `| ${method} | \`${url}\` | ${OPERATOR_ROLES.map((role) => (roles.has(role) ? '✓' : '—')).join(' | ')} |`;
    });
  const table = ['', '| Method | Route | admin | finance | support |', '| --- | --- | :-: | :-: | :-: |', ...rows, ''].join('\n');
  const text = readFileSync(DOC, 'utf8');
  writeFileSync(DOC, `${text.slice(0, text.indexOf(START) + START.length)}${table}${text.slice(text.indexOf(END))}`);
}

describe('operator role matrix', () => {
  it('walks every /admin-api route with each role and matches docs/operator-roles.md', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(OPERATOR_ROLES.map(async (role) => [role, await tokenOf(role)] as const)),
    ) as Record<OperatorRoleName, string>;
    const routes = ctx.t.app.registeredRoutes
      .filter((route) => route.url.startsWith('/admin-api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .filter((route) => !(route.url === '/admin-api/session' && route.method === 'POST'))
      // Logging out ends the token the walk uses: last.
      .sort(
        (a, b) =>
          Number(a.url === '/admin-api/session' && a.method === 'DELETE') - Number(b.url === '/admin-api/session' && b.method === 'DELETE'),
      );
    expect(routes.length).toBeGreaterThan(60);

    const observed: Matrix = new Map();
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (observed.has(key)) continue;
      // A made-up id or code: an allowed role gets past the guard and finds nothing, so no row changes.
      const url = route.url.replace(/:[A-Za-z]+/g, '999999');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const allowed = new Set<OperatorRoleName>();
      for (const role of OPERATOR_ROLES) {
        const response = await as(tokens[role], method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(response.statusCode, `${key} as ${role}: ${response.body}`).not.toBe(401);
        if (response.statusCode !== 403) allowed.add(role);
      }
      observed.set(key, allowed);
    }

    if (process.env.UPDATE_ROLE_MATRIX === '1') writeDocumented(observed);
    const documented = readDocumented();
    const describeRoles = (roles: Set<OperatorRoleName> | undefined) =>
      roles ? [...roles].sort().join(',') || 'nobody' : 'not documented';
    const drift = [...new Set([...observed.keys(), ...documented.keys()])]
      .filter((key) => describeRoles(observed.get(key)) !== describeRoles(documented.get(key)))
      .map((key) => `${key}: observed ${describeRoles(observed.get(key))}, documented ${describeRoles(documented.get(key))}`);
    expect(drift, 'docs/operator-roles.md differs from the guards (UPDATE_ROLE_MATRIX=1 rewrites its table)').toEqual([]);

    // The matrix's own rules, whatever the table says: admin may do everything, support never moves money.
    for (const [key, roles] of observed) expect(roles.has('admin'), `${key} refuses admin`).toBe(true);
    for (const [key, roles] of observed)
      if (roles.has('support')) expect(roles.has('finance'), `${key}: support but not finance`).toBe(true);
  }, 240_000);
});
