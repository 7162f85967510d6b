import { formatPointsVerdict, verifyPointsLedger } from './modules/points/index';
import { runLedgerVerifyCommand } from './modules/wallet/index';

/*
 * `npm run ledger:verify`: the money ledger (modules/wallet) and then the points ledger
 * (modules/points), one line each; exit 0 when both are sound, 1 on any breach, 2 when the check
 * could not run. An entry point above the modules (like main.ts), because the points module
 * pays through the wallet and so the wallet may not import it.
 *
 * The checks read every entry in one REPEATABLE READ, READ ONLY transaction (verifyLedger), which
 * at millions of entries takes longer than a request may: the verifier's connection gets its own
 * statement timeout (LEDGER_VERIFY_TIMEOUT_MS, default 10 minutes), never the request one (issue 16).
 */
process.env.DB_STATEMENT_TIMEOUT_MS = process.env.LEDGER_VERIFY_TIMEOUT_MS ?? String(10 * 60_000);
runLedgerVerifyCommand([
  {
    async run(db) {
      const result = await verifyPointsLedger(db);
      return { ok: result.ok, line: formatPointsVerdict(result) };
    },
  },
]);
