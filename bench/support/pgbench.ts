import { execFileSync } from 'node:child_process';

/** pgbench scale (10 = 1M accounts); a smaller one only to smoke-test a bench script. */
export const PGBENCH_SCALE = process.env.PGBENCH_SCALE ?? '10';

/** The value at `fraction` (0..1) of an ascending list; 0 for an empty one. */
export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/**
 * pgbench TPC-B-like on a scratch database of the same server as `url`, with as many clients
 * and for as long as the measured run; returns its tps. The scratch database is dropped after.
 */
export function runPgbench(url: string, clients: number, seconds: number): number {
  const admin = new URL(url);
  const name = `pgbench_${Date.now()}`;
  const env = {
    ...process.env,
    PGHOST: admin.hostname,
    PGPORT: admin.port || '5432',
    PGUSER: decodeURIComponent(admin.username || 'postgres'),
  };
  execFileSync('createdb', [name], { env });
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', PGBENCH_SCALE, name], { env, stdio: 'ignore' });
    const output = execFileSync('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), name], { env, encoding: 'utf8' });
    const match = /tps = ([\d.]+)/.exec(output);
    return match ? Number(match[1]) : 0;
  } finally {
    execFileSync('dropdb', [name], { env });
  }
}
