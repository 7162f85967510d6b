import type { MemberCashierValue, MemberLedgerValue, MemberLinkedValue, MemberSightingsValue } from '@kismat/contracts/member-desk';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { currentOperator } from '../../platform/operator-auth';
import { listMemberCashierRequests } from '../cashier/index';
import { listMemberSightings, listPhoneLinks, listSightingLinks, searchDeskMembers } from '../member/index';
import { listBankAccountLinks } from '../security/index';
import { listMemberEntries } from '../wallet/index';
import { presentDeskMembers } from './present-desk-member';

/** IPs and linked accounts are personal data too: each read leaves an audit row. */
async function auditRead(request: FastifyRequest, member: MemberRow, fields: string[]): Promise<void> {
  await recordOperatorAudit(request.server.db, request, currentOperator(request), {
    action: 'member.personal_data_viewed',
    targetType: 'member',
    targetId: member.id,
    merchantId: member.merchantId,
    memberId: member.id,
    detail: { fields },
  });
}

/** The member's ledger entries, newest first, keyset-paged (the wallet's own read). */
export async function readMemberLedger(request: FastifyRequest, member: MemberRow, cursor: string | undefined): Promise<MemberLedgerValue> {
  const page = await listMemberEntries(request.server.db, { merchantId: member.merchantId, memberId: member.id, limit: 50, cursor });
  return {
    items: page.items.map((entry) => ({
      entryId: entry.entryId,
      type: entry.type,
      accountCode: entry.accountCode,
      amount: formatAmount(entry.amount),
      balanceAfter: formatAmount(entry.balanceAfter),
      createdAt: entry.createdAt.toISOString(),
      description: entry.description,
    })),
    nextCursor: page.nextCursor,
    total: page.total,
  };
}

/** Deposits and withdrawals together, newest first (the cashier's own read). */
export async function readMemberCashier(request: FastifyRequest, member: MemberRow): Promise<MemberCashierValue> {
  const rows = await listMemberCashierRequests(request.server.db, member.id);
  return {
    items: rows.map((row) => ({ ...row, amount: formatAmount(row.amount), createdAt: row.createdAt.toISOString() })),
  };
}

/** Where the member logged in from, with first and last seen. */
export async function readMemberSightings(request: FastifyRequest, member: MemberRow): Promise<MemberSightingsValue> {
  const rows = await listMemberSightings(request.server.db, member.id);
  await auditRead(request, member, ['ips', 'devices']);
  return {
    items: rows.map((row) => ({
      ip: row.ip,
      userAgent: row.userAgent,
      logins: row.logins,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    })),
  };
}

/** Accounts sharing an IP, a device (same IP and browser), a bank account or a phone number with this one. */
export async function readLinkedMembers(request: FastifyRequest, member: MemberRow): Promise<MemberLinkedValue> {
  const { db } = request.server;
  const [sightings, banks, phones] = await Promise.all([
    listSightingLinks(db, member.id, 100),
    listBankAccountLinks(db, member.id),
    listPhoneLinks(db, member),
  ]);
  const links = [
    ...sightings,
    ...banks.map((link) => ({ kind: 'BANK_ACCOUNT' as const, ...link })),
    ...phones.map((memberId) => ({ kind: 'PHONE' as const, shared: member.mobileNo ?? '', memberId })),
  ];
  const ids = [...new Set(links.map((link) => link.memberId))];
  const rows = await searchDeskMembers(db, { field: 'ids', text: '', ids, merchantId: null, limit: ids.length || 1 });
  const summaries = new Map((await presentDeskMembers(db, rows)).map((summary) => [summary.id, summary]));
  await auditRead(request, member, ['linkedAccounts']);
  return {
    items: links.flatMap((link) => {
      const summary = summaries.get(link.memberId);
      return summary ? [{ kind: link.kind, shared: link.shared, member: summary }] : [];
    }),
  };
}
