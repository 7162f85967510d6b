import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { executePrepared } from '../../platform/prepared-statement';
import { rowsOf } from '../../platform/sql-values';
import type { PreparedVendorCall } from './settle-vendor-batch';
import type { VendorError } from './vendor-error';

/** What confirmRefusalsNew reads of a batch slot. */
interface RefusableSlot {
  call: PreparedVendorCall;
  isNew?: boolean;
  outcome?: { response: VendorResponse } | { error: VendorError };
}

/**
 * The batch writes a call's vendor_transactions row only at its end (settle-vendor-batch.ts), so
 * a new id is not claimed while the batch runs. A duplicate of it in another transaction (another
 * node, a replay) that commits while the batch waits on a lock is then invisible to the batch's
 * earlier statements, and what it changed (the balance, the round) may be why the batch refused
 * the call: the call is a repeat and must get the stored answer, not the refusal. So, only when
 * the batch refused a call with a new id, one statement after every lock was taken reads those
 * ids again; if one is stored now, the batch throws: it rolls back and each call is replayed
 * alone, where the repeat is answered from the stored row. (An answered call needs no check:
 * its INSERT fails on the stored id, with the same outcome.)
 */
export async function confirmRefusalsNew(tx: Tx, slots: readonly RefusableSlot[]): Promise<void> {
  const refused = slots
    .filter((slot) => slot.isNew && slot.outcome !== undefined && 'error' in slot.outcome)
    .map(({ call }) => ({ vendor_id: call.call.vendor.vendorId, transaction_id: call.request.transactionUuid }));
  if (refused.length === 0) return;
  const rows = rowsOf<{ n: unknown }>(
    await executePrepared(
      tx,
      'vendor_batch_refusals_new',
      sql`SELECT count(*)::int AS n FROM vendor_transactions v
            JOIN jsonb_to_recordset(${JSON.stringify(refused)}::jsonb) AS r(vendor_id integer, transaction_id text)
              ON v.vendor_id = r.vendor_id AND v.vendor_transaction_id = r.transaction_id`,
    ),
  );
  if (Number(rows[0]?.n ?? 0) > 0) throw new Error('vendor batch: a refused id was stored meanwhile (a repeat): replaying each call alone');
}
