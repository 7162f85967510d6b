import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  MEMBER_DESK_PATHS,
  memberActionBody,
  memberActionResponse,
  memberCashierResponse,
  memberChangeAgentBody,
  memberChangeAgentResponse,
  memberFileResponse,
  memberIdParams,
  memberLedgerQuery,
  memberLedgerResponse,
  memberLinkedResponse,
  memberNoteBody,
  memberNotesResponse,
  memberPromotionsResponse,
  memberResetPasswordBody,
  memberResetPasswordResponse,
  memberRoundsQuery,
  memberRoundsResponse,
  memberSearchQuery,
  memberSearchResponse,
  memberSightingsResponse,
  memberTesterBody,
} from '@kismat/contracts/member-desk';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { changeMemberAgent } from './change-member-agent';
import { findDeskMember } from './find-desk-member';
import { forceLogoutMember, lockMember, unlockMember } from './lock-member';
import { markMemberTester } from './mark-member-tester';
import { addMemberNote, listMemberNotes } from './member-notes';
import { readMemberFile } from './read-member-file';
import { readMemberPromotions, readMemberRounds } from './read-member-play';
import { readLinkedMembers, readMemberCashier, readMemberLedger, readMemberSightings } from './read-member-tabs';
import { resetMemberPassword } from './reset-member-password';
import { searchMembers } from './search-members';

const describe = (summary: string) => ({ tags: ['operator', 'members'], security: [{ bearer: [] }], summary });
const failures = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** The back office's member desk: search, the member page's tabs, notes and actions (each action with a reason, audited). */
export async function registerMemberDeskRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    MEMBER_DESK_PATHS.search,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe('Find members by username, phone, e-mail, real name, bank account, IP or agent (keyset paging)'),
        querystring: memberSearchQuery,
        response: { 200: memberSearchResponse, ...failures },
      },
    },
    async (request) => {
      const merchant = request.query.merchantCode ? await scopedMerchantByCode(request, request.query.merchantCode) : null;
      return ok(request, await searchMembers(root.db, currentOperator(request), request.query, merchant?.id ?? null));
    },
  );

  app.get(
    MEMBER_DESK_PATHS.file,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe(
          "A member's page: profile, balances, points, VIP, limits and exclusions, bank accounts (an audited personal-data read)",
        ),
        params: memberIdParams,
        response: { 200: memberFileResponse, ...failures },
      },
    },
    async (request) => ok(request, await readMemberFile(request, await findDeskMember(request, request.params.id))),
  );

  app.get(
    MEMBER_DESK_PATHS.ledger,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe("A member's ledger entries, newest first (cursor paging)"),
        params: memberIdParams,
        querystring: memberLedgerQuery,
        response: { 200: memberLedgerResponse, ...failures },
      },
    },
    async (request) => ok(request, await readMemberLedger(request, await findDeskMember(request, request.params.id), request.query.cursor)),
  );

  app.get(
    MEMBER_DESK_PATHS.cashier,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe("A member's deposits and withdrawals, newest first"),
        params: memberIdParams,
        response: { 200: memberCashierResponse, ...failures },
      },
    },
    async (request) => ok(request, await readMemberCashier(request, await findDeskMember(request, request.params.id))),
  );

  app.get(
    MEMBER_DESK_PATHS.sightings,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe("A member's IPs and devices with first and last seen (audited)"),
        params: memberIdParams,
        response: { 200: memberSightingsResponse, ...failures },
      },
    },
    async (request) => ok(request, await readMemberSightings(request, await findDeskMember(request, request.params.id))),
  );

  app.get(
    MEMBER_DESK_PATHS.linked,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe('Accounts sharing an IP, device, bank account or phone with the member (audited)'),
        params: memberIdParams,
        response: { 200: memberLinkedResponse, ...failures },
      },
    },
    async (request) => ok(request, await readLinkedMembers(request, await findDeskMember(request, request.params.id))),
  );

  app.get(
    MEMBER_DESK_PATHS.notes,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe("Operators' notes on the member"),
        params: memberIdParams,
        response: { 200: memberNotesResponse, ...failures },
      },
    },
    async (request) => ok(request, await listMemberNotes(request, await findDeskMember(request, request.params.id))),
  );

  app.post(
    MEMBER_DESK_PATHS.notes,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe('Add a note on the member (every role; audited)'),
        params: memberIdParams,
        body: memberNoteBody,
        response: { 200: memberNotesResponse, ...failures },
      },
    },
    async (request) => ok(request, await addMemberNote(request, await findDeskMember(request, request.params.id), request.body.body)),
  );

  app.post(
    MEMBER_DESK_PATHS.lock,
    {
      onRequest: operatorGuard('money'),
      schema: {
        ...describe('Lock the member and end every session (reason required; audited)'),
        params: memberIdParams,
        body: memberActionBody,
        response: { 200: memberActionResponse, ...failures },
      },
    },
    async (request) => ok(request, await lockMember(request, await findDeskMember(request, request.params.id), request.body.reason)),
  );

  app.post(
    MEMBER_DESK_PATHS.unlock,
    {
      onRequest: operatorGuard('money'),
      schema: {
        ...describe('Unlock a locked member (reason required; audited)'),
        params: memberIdParams,
        body: memberActionBody,
        response: { 200: memberActionResponse, ...failures },
      },
    },
    async (request) => ok(request, await unlockMember(request, await findDeskMember(request, request.params.id), request.body.reason)),
  );

  app.post(
    MEMBER_DESK_PATHS.logout,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe('End every session of the member (support may; reason required; audited)'),
        params: memberIdParams,
        body: memberActionBody,
        response: { 200: memberActionResponse, ...failures },
      },
    },
    async (request) => ok(request, await forceLogoutMember(request, await findDeskMember(request, request.params.id), request.body.reason)),
  );

  app.post(
    MEMBER_DESK_PATHS.tester,
    {
      onRequest: operatorGuard('settings'),
      schema: {
        ...describe('Mark or unmark the member as a house tester (admin; reason required; audited)'),
        params: memberIdParams,
        body: memberTesterBody,
        response: { 200: memberActionResponse, ...failures },
      },
    },
    async (request) => ok(request, await markMemberTester(request, await findDeskMember(request, request.params.id), request.body)),
  );

  app.post(
    MEMBER_DESK_PATHS.resetPassword,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe('Send the member an SMS code or an e-mailed link to set a new password (reason required; audited)'),
        params: memberIdParams,
        body: memberResetPasswordBody,
        response: { 200: memberResetPasswordResponse, ...failures },
      },
    },
    async (request) => ok(request, await resetMemberPassword(request, await findDeskMember(request, request.params.id), request.body)),
  );

  app.post(
    MEMBER_DESK_PATHS.agent,
    {
      onRequest: operatorGuard('settings'),
      schema: {
        ...describe('Move the member and its team under another agent (admin; reason required; audited)'),
        params: memberIdParams,
        body: memberChangeAgentBody,
        response: { 200: memberChangeAgentResponse, ...failures },
      },
    },
    async (request) => ok(request, await changeMemberAgent(request, await findDeskMember(request, request.params.id), request.body)),
  );

  app.get(
    MEMBER_DESK_PATHS.rounds,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe("A member's rounds on every game path over the last 90 days, newest first, with totals"),
        params: memberIdParams,
        querystring: memberRoundsQuery,
        response: { 200: memberRoundsResponse, ...failures },
      },
    },
    async (request) => ok(request, await readMemberRounds(request, await findDeskMember(request, request.params.id), request.query.pageNo)),
  );

  app.get(
    MEMBER_DESK_PATHS.promotions,
    {
      onRequest: operatorGuard('read'),
      schema: {
        ...describe('Promotions the member takes part in, with the turnover each award still asks for'),
        params: memberIdParams,
        response: { 200: memberPromotionsResponse, ...failures },
      },
    },
    async (request) => ok(request, await readMemberPromotions(request, await findDeskMember(request, request.params.id))),
  );
}
