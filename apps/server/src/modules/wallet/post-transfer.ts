import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { type Clock, type PostedTransfer, systemClock, type TransferRequest } from './ledger-model';
import { checkTransferRequest } from './ledger-request';
import { type AccountShapeCache, recordTransfer } from './record-transfer';

/** Moves money between accounts as one balanced, idempotent transfer (or replays the first result for a repeated key). */
export async function postTransfer(db: DbOrTx, request: TransferRequest, clock: Clock = systemClock): Promise<PostedTransfer> {
  checkTransferRequest(request);
  return inTransaction(db, (tx) => recordTransfer(tx, request, clock()));
}

/**
 * `postTransfer` inside a transaction the caller already holds, without the savepoint
 * `postTransfer` opens there (two round trips less). Only for a caller whose transaction ends
 * with any error this throws (never caught inside it and carried on), so a refused transfer
 * still leaves nothing behind: the vendor wallet's bet and win. `accountCache` (one per
 * database) saves the account lookup for accounts seen before.
 */
export async function postTransferInTransaction(
  tx: Tx,
  request: TransferRequest,
  clock: Clock = systemClock,
  accountCache?: AccountShapeCache,
): Promise<PostedTransfer> {
  checkTransferRequest(request);
  return recordTransfer(tx, request, clock(), { accountCache });
}
