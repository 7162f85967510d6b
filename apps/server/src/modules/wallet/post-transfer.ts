import { type Clock, type PostedTransfer, systemClock, type TransferRequest } from './ledger-model';
import { checkTransferRequest } from './ledger-request';
import { inTransaction, type LedgerDb } from './ledger-sql';
import { recordTransfer } from './record-transfer';

/** Moves money between accounts as one balanced, idempotent transfer (or replays the first result for a repeated key). */
export async function postTransfer(db: LedgerDb, request: TransferRequest, clock: Clock = systemClock): Promise<PostedTransfer> {
  checkTransferRequest(request);
  return inTransaction(db, (tx) => recordTransfer(tx, request, clock()));
}
