import {
  addBankAccountBody,
  bankAccountResponse,
  bankAccountsResponse,
  bindEmailBody,
  bindMobileBody,
  confirmBankAccountBody,
  deleteBankAccountQuery,
  memberProfileResponse,
  paymentPasswordBody,
  SECURITY_PATHS,
  securityOverviewResponse,
  totpConfirmBody,
  totpSetupResponse,
  updateProfileBody,
} from '@kismat/contracts/security';
import { emptyValueResponse } from '@kismat/contracts/session';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireRealMember } from '../../platform/policy';
import { clientIp } from '../../platform/rate-limit-keys';
import { accountContext } from '../../platform/request-context';
import { bearerSecurity as bearer, errors } from '../../platform/route-docs';
import { addBankAccount } from './add-bank-account';
import { listBankAccounts, presentBankAccount } from './bank-account-queries';
import { bindEmail } from './bind-email';
import { bindMobile } from './bind-mobile';
import { confirmBankAccount } from './confirm-bank-account';
import { deleteBankAccount } from './delete-bank-account';
import { enableTotp } from './enable-totp';
import { getSecurityOverview } from './get-security-overview';
import { findMemberProfile, presentMemberProfile } from './member-profile';
import { setPaymentPassword } from './set-payment-password';
import { setupTotp } from './setup-totp';
import { updateMemberProfile } from './update-member-profile';

const tags = ['security'];
/** Calls that check a secret (payment password, codes) are bounded per client as well. */
const secretCheckLimit = { max: 10, timeWindow: 60_000, keyGenerator: clientIp };

/** The security centre: real members only (trial players get TRIAL_FORBIDDEN). */
export async function securityRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireRealMember);

  app.get(
    SECURITY_PATHS.overview,
    { schema: { tags, summary: 'What is set and bound', security: bearer, response: { 200: securityOverviewResponse, ...errors } } },
    async (request) => ok(request, await getSecurityOverview(request.server.db, currentMember(request))),
  );

  app.post(
    SECURITY_PATHS.paymentPassword,
    {
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        summary: 'Set (with the login password) or change (with the old one) the payment password (E)',
        security: bearer,
        body: paymentPasswordBody,
        response: { 200: emptyValueResponse, ...errors },
      },
    },
    async (request) => {
      await setPaymentPassword(accountContext(request), currentMember(request), request.body);
      return ok(request, null);
    },
  );

  app.post(
    SECURITY_PATHS.bindMobile,
    {
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        summary: 'Bind a mobile number with the code from POST /wps/verification/sms/bind (E); cannot be undone',
        security: bearer,
        body: bindMobileBody,
        response: { 200: securityOverviewResponse, ...errors },
      },
    },
    async (request) => {
      const member = await bindMobile(accountContext(request), currentMember(request), request.body);
      return ok(request, await getSecurityOverview(request.server.db, member));
    },
  );

  app.post(
    SECURITY_PATHS.bindEmail,
    {
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        summary: 'Bind an e-mail address with the code from POST /wps/verification/email/bind (E); cannot be undone',
        security: bearer,
        body: bindEmailBody,
        response: { 200: securityOverviewResponse, ...errors },
      },
    },
    async (request) => {
      const member = await bindEmail(accountContext(request), currentMember(request), request.body);
      return ok(request, await getSecurityOverview(request.server.db, member));
    },
  );

  app.get(
    SECURITY_PATHS.bankAccounts,
    { schema: { tags, summary: 'Bank accounts (numbers masked)', security: bearer, response: { 200: bankAccountsResponse, ...errors } } },
    async (request) => ok(request, (await listBankAccounts(request.server.db, currentMember(request).id)).map(presentBankAccount)),
  );

  app.post(
    SECURITY_PATHS.bankAccounts,
    {
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Add a bank account (unbound; the name must be the real name on file) (E)',
        security: bearer,
        body: addBankAccountBody,
        response: { 200: bankAccountResponse, ...errors },
      },
    },
    async (request) => ok(request, presentBankAccount(await addBankAccount(accountContext(request), currentMember(request), request.body))),
  );

  app.post(
    SECURITY_PATHS.confirmBankAccount,
    {
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        summary: 'Bind a bank account with the payment password (E); cannot be undone',
        security: bearer,
        body: confirmBankAccountBody,
        response: { 200: bankAccountResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, presentBankAccount(await confirmBankAccount(accountContext(request), currentMember(request), request.body))),
  );

  app.delete(
    SECURITY_PATHS.bankAccounts,
    {
      schema: {
        tags,
        summary: 'Remove an unbound bank account (ALREADY_BOUND for a bound one)',
        security: bearer,
        querystring: deleteBankAccountQuery,
        response: { 200: emptyValueResponse, ...errors },
      },
    },
    async (request) => {
      await deleteBankAccount(accountContext(request), currentMember(request), request.query.id);
      return ok(request, null);
    },
  );

  app.get(
    SECURITY_PATHS.profile,
    { schema: { tags, summary: 'Profile fields', security: bearer, response: { 200: memberProfileResponse, ...errors } } },
    async (request) => {
      const member = currentMember(request);
      return ok(request, presentMemberProfile(member, await findMemberProfile(request.server.db, member.id)));
    },
  );

  app.put(
    SECURITY_PATHS.profile,
    {
      schema: {
        tags,
        summary: 'Update profile fields; full name and birthday (21+) are set once',
        security: bearer,
        body: updateProfileBody,
        response: { 200: memberProfileResponse, ...errors },
      },
    },
    async (request) => {
      const updated = await updateMemberProfile(accountContext(request), currentMember(request), request.body);
      return ok(request, presentMemberProfile(updated.member, updated.profile));
    },
  );

  app.post(
    SECURITY_PATHS.totpSetup,
    {
      schema: {
        tags,
        summary: 'A new authenticator secret (not active until confirmed)',
        security: bearer,
        response: { 200: totpSetupResponse, ...errors },
      },
    },
    async (request) => ok(request, await setupTotp(accountContext(request), currentMember(request))),
  );

  app.post(
    SECURITY_PATHS.totp,
    {
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        summary: 'Confirm the authenticator with a current code (E); cannot be undone',
        security: bearer,
        body: totpConfirmBody,
        response: { 200: emptyValueResponse, ...errors },
      },
    },
    async (request) => {
      await enableTotp(accountContext(request), currentMember(request), request.body.code);
      return ok(request, null);
    },
  );
}
