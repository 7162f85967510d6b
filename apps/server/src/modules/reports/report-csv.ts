import type { ReportValue, ReportView } from '@kismat/contracts/reports';

/*
 * A report as CSV for Excel: UTF-8 with a byte-order mark (Excel otherwise reads Bengali as
 * mojibake), CRLF lines, every field quoted when it holds a quote, comma, line break or starts
 * with = + - @ (a formula an attacker could plant in a game or channel name: prefixed with ').
 * Amounts stay the decimal strings of the API.
 */

export const CSV_BOM = '\uFEFF';

export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

function line(fields: (string | number)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

const FIGURES = [
  'depositCount',
  'deposits',
  'withdrawalCount',
  'withdrawals',
  'rounds',
  'bets',
  'wins',
  'ggr',
  'bonuses',
  'ngr',
  'commissions',
  'newMembers',
  'firstDepositors',
  'activeMembers',
  'depositingMembers',
] as const;

/** The CSV lines of one view of the report, header first, then rows, then a TOTAL line where it adds up. */
export function* reportCsvLines(report: ReportValue, view: ReportView): Generator<string> {
  yield CSV_BOM;
  if (view === 'periods') {
    yield line(['period', ...FIGURES]);
    for (const row of report.periods) yield line([row.period, ...FIGURES.map((key) => row[key])]);
    yield line(['TOTAL', ...FIGURES.map((key) => report.totals[key])]);
  } else if (view === 'channels') {
    yield line(['channel', 'depositCount', 'deposits', 'withdrawalCount', 'withdrawals']);
    for (const row of report.channels) yield line([row.channel, row.depositCount, row.deposits, row.withdrawalCount, row.withdrawals]);
  } else {
    yield line(['gameType', 'vendorCode', 'vendorName', 'gameCode', 'gameName', 'rounds', 'bets', 'wins', 'ggr']);
    for (const row of report.games) {
      yield line([row.gameType, row.vendorCode, row.vendorName, row.gameCode, row.gameName, row.rounds, row.bets, row.wins, row.ggr]);
    }
  }
}
