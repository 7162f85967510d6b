import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config';
import { type Db, openDatabase } from '../../platform/db';
import { rowsOf } from '../../platform/sql-values';
import { type LedgerVerification, verifyLedger } from './verify-ledger';

/*
 * `npm run ledger:verify`: checks the ledger of the configured database (DATABASE_URL, else the
 * embedded one in DATA_DIR) and prints one line. Exit 0 when sound, 1 on any breach, 2 when the
 * check could not run. It never migrates or writes: a verifier must not change what it checks.
 * On the embedded database stop the server first (PGlite is single-process).
 */

/** The one-line verdict, e.g. "ledger:verify OK: 12 accounts, 40 transfers, 80 entries". */
export function formatVerdict(result: LedgerVerification): string {
  const scope = `${result.checkedAccounts} accounts, ${result.checkedTransfers} transfers, ${result.checkedEntries} entries`;
  if (result.ok) return `ledger:verify OK: ${scope}`;
  const breaches = [
    result.transfersUnbalanced && `${result.transfersUnbalanced} unbalanced transfers [${result.samples.transfers.join(',')}]`,
    result.accountsMismatched && `${result.accountsMismatched} accounts not matching their entries [${result.samples.accounts.join(',')}]`,
    result.negativeMembers && `${result.negativeMembers} member accounts below zero [${result.samples.members.join(',')}]`,
    result.holdsMismatched && `${result.holdsMismatched} accounts with mismatched holds [${result.samples.holds.join(',')}]`,
    result.currenciesUnbalanced.length > 0 && `money created or lost in ${result.currenciesUnbalanced.join(',')}`,
  ].filter(Boolean);
  return `ledger:verify BREACH: ${breaches.join('; ')} (checked ${scope})`;
}

/** The driver's own words (e.g. "database does not exist"), not Drizzle's "Failed query" wrapper. */
function rootMessage(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** A further book `npm run ledger:verify` checks beside the ledger (the points ledger): its verdict line and whether it is sound. */
export interface ExtraLedgerCheck {
  run(db: Db): Promise<{ ok: boolean; line: string }>;
}

/**
 * Checks the configured database's ledger and then each extra book, one line each; exit code
 * 0 when all are sound, 1 on any breach, 2 when the check could not run. The top-level
 * src/ledger-verify-cli.ts (what `npm run ledger:verify` runs) passes the extra books; this
 * file run alone checks the money ledger only.
 */
export async function runLedgerVerify(extraChecks: readonly ExtraLedgerCheck[] = []): Promise<number> {
  const config = loadConfig();
  // npm runs workspace scripts from apps/server; a relative DATA_DIR means the caller's folder.
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  const database = await openDatabase({ ...config, DATA_DIR: dataDir });
  try {
    const [found] = rowsOf<{ table: string | null }>(
      await database.db.execute(`SELECT to_regclass('public.ledger_entries')::text AS table`),
    );
    if (!found?.table) {
      console.error(`ledger:verify ERROR: no ledger tables in ${database.location} (start the server or run db:seed to migrate)`);
      return 2;
    }
    const result = await verifyLedger(database.db, { isParallel: database.kind === 'postgres' });
    (result.ok ? console.log : console.error)(formatVerdict(result));
    let isSound = result.ok;
    for (const check of extraChecks) {
      const verdict = await check.run(database.db);
      (verdict.ok ? console.log : console.error)(verdict.line);
      isSound &&= verdict.ok;
    }
    return isSound ? 0 : 1;
  } finally {
    await database.close();
  }
}

/** Runs a verification and sets the exit code; a failure to run at all is exit 2 with the driver's words. */
export function runLedgerVerifyCommand(extraChecks: readonly ExtraLedgerCheck[] = []): void {
  runLedgerVerify(extraChecks).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`ledger:verify ERROR: ${rootMessage(error)}`);
      process.exitCode = 2;
    },
  );
}

// Run directly (not imported by src/ledger-verify.ts): the money ledger alone. The file name is
// checked too: in the production bundle (scripts/build.mjs) import.meta.url is the bundle's own
// file, which is also argv[1], and the server must not start a verification.
const ranFile = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (path.basename(ranFile, path.extname(ranFile)) === 'ledger-verify-cli' && fileURLToPath(import.meta.url) === ranFile) {
  runLedgerVerifyCommand();
}
