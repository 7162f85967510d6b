import { AppError } from '../../../platform/errors';

/*
 * Hub88's transaction report, as CSV (issue 21, reconciliation). The columns are the fields of
 * a transaction in Hub88's published Transactions API (POST /operator/generic/v2/transactions/list),
 * one transaction a line under a header row naming them, in any order:
 *   transaction_uuid, round, user, game_code, type (bet | win | rollback), amount, currency
 * and, when present, reference_transaction_uuid (what a rollback reverses) and created_at (ISO 8601).
 * `amount` is in Hub88's wallet unit: an integer of 1/100000 of the currency (10.00 = 1000000).
 * Other columns are ignored. A line that breaks these rules refuses the whole file
 * (AGGREGATOR_REPORT_INVALID with the line number): a half-read report would reconcile wrongly.
 */

export const HUB88_REPORT_COLUMNS = ['transaction_uuid', 'round', 'user', 'game_code', 'type', 'amount', 'currency'] as const;
/** Hub88 amounts are integers of 1/100000 of the currency unit. */
export const HUB88_AMOUNT_SCALE = 100_000n;

export interface Hub88ReportTransaction {
  transactionId: string;
  roundId: string;
  user: string;
  gameCode: string;
  kind: 'bet' | 'win' | 'rollback';
  /** Hub88 units (1/100000). */
  amount: bigint;
  currency: string;
  referenceId: string | null;
  at: Date | null;
}

const MAX_LINES = 50_000;

export function parseHub88Report(text: string): Hub88ReportTransaction[] {
  const rows = parseCsv(text);
  const header = rows.shift()?.map((cell) => cell.trim().toLowerCase());
  if (!header) invalid(1, 'empty file');
  for (const column of HUB88_REPORT_COLUMNS) if (!header.includes(column)) invalid(1, `missing column ${column}`);
  if (rows.length > MAX_LINES) invalid(MAX_LINES + 2, `more than ${MAX_LINES} transactions`);
  const at = (name: string) => header.indexOf(name);
  const transactions: Hub88ReportTransaction[] = [];
  rows.forEach((row, index) => {
    const line = index + 2;
    if (row.length === 1 && row[0]?.trim() === '') return;
    const cell = (name: string) => (at(name) >= 0 ? (row[at(name)] ?? '').trim() : '');
    const kind = kindOf(cell('type'));
    if (!kind) invalid(line, 'type must be bet, win or rollback');
    const amountText = cell('amount');
    if (!/^\d{1,20}$/.test(amountText)) invalid(line, 'amount must be a whole number of 1/100000 units');
    for (const name of ['transaction_uuid', 'round', 'user', 'game_code', 'currency'])
      if (!cell(name) || cell(name).length > 200) invalid(line, `${name} is empty or too long`);
    const createdAt = cell('created_at');
    const when = createdAt ? new Date(createdAt) : null;
    if (when && Number.isNaN(when.getTime())) invalid(line, 'created_at is not a date');
    transactions.push({
      transactionId: cell('transaction_uuid'),
      roundId: cell('round'),
      user: cell('user'),
      gameCode: cell('game_code'),
      kind,
      amount: BigInt(amountText),
      currency: cell('currency'),
      referenceId: cell('reference_transaction_uuid') || null,
      at: when,
    });
  });
  return transactions;
}

function kindOf(type: string): Hub88ReportTransaction['kind'] | null {
  const text = type.toLowerCase();
  if (text === 'bet' || text === 'transactionbet' || text === 'debit') return 'bet';
  if (text === 'win' || text === 'transactionwin' || text === 'credit') return 'win';
  if (text === 'rollback' || text === 'transactionrollback' || text === 'cancel') return 'rollback';
  return null;
}

function invalid(line: number, reason: string): never {
  throw new AppError('AGGREGATOR_REPORT_INVALID', { value: { line, reason } });
}

/** RFC 4180 CSV: quoted cells (doubled quotes inside), commas, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
