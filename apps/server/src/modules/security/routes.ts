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
import { requireRealMember } from '../../platform/policy';
import { clientIp } from '../../platform/rate-limit-keys';
import { accountContext } from '../../platform/request-context';
import { defineRoutes } from '../../platform/route';
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

  const route = defineRoutes(app, { tags });
  route.get(
    SECURITY_PATHS.overview,
    { summary: 'What is set and bound', response: securityOverviewResponse },
    async (request) => await getSecurityOverview(request.server.db, currentMember(request)),
  );

  route.post(
    SECURITY_PATHS.paymentPassword,
    {
      summary: 'Set (with the login password) or change (with the old one) the payment password (E)',
      body: paymentPasswordBody,
      response: emptyValueResponse,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => {
      await setPaymentPassword(accountContext(request), currentMember(request), request.body);
      return null;
    },
  );

  route.post(
    SECURITY_PATHS.bindMobile,
    {
      summary: 'Bind a mobile number with the code from POST /wps/verification/sms/bind (E); cannot be undone',
      body: bindMobileBody,
      response: securityOverviewResponse,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => {
      const member = await bindMobile(accountContext(request), currentMember(request), request.body);
      return await getSecurityOverview(request.server.db, member);
    },
  );

  route.post(
    SECURITY_PATHS.bindEmail,
    {
      summary: 'Bind an e-mail address with the code from POST /wps/verification/email/bind (E); cannot be undone',
      body: bindEmailBody,
      response: securityOverviewResponse,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => {
      const member = await bindEmail(accountContext(request), currentMember(request), request.body);
      return await getSecurityOverview(request.server.db, member);
    },
  );

  route.get(SECURITY_PATHS.bankAccounts, { summary: 'Bank accounts (numbers masked)', response: bankAccountsResponse }, async (request) =>
    (await listBankAccounts(request.server.db, currentMember(request).id)).map(presentBankAccount),
  );

  route.post(
    SECURITY_PATHS.bankAccounts,
    {
      summary: 'Add a bank account (unbound; the name must be the real name on file) (E)',
      body: addBankAccountBody,
      response: bankAccountResponse,
      encrypted: true,
    },
    async (request) => presentBankAccount(await addBankAccount(accountContext(request), currentMember(request), request.body)),
  );

  route.post(
    SECURITY_PATHS.confirmBankAccount,
    {
      summary: 'Bind a bank account with the payment password (E); cannot be undone',
      body: confirmBankAccountBody,
      response: bankAccountResponse,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => presentBankAccount(await confirmBankAccount(accountContext(request), currentMember(request), request.body)),
  );

  route.delete(
    SECURITY_PATHS.bankAccounts,
    {
      summary: 'Remove an unbound bank account (ALREADY_BOUND for a bound one)',
      querystring: deleteBankAccountQuery,
      response: emptyValueResponse,
    },
    async (request) => {
      await deleteBankAccount(accountContext(request), currentMember(request), request.query.id);
      return null;
    },
  );

  route.get(SECURITY_PATHS.profile, { summary: 'Profile fields', response: memberProfileResponse }, async (request) => {
    const member = currentMember(request);
    return presentMemberProfile(member, await findMemberProfile(request.server.db, member.id));
  });

  route.put(
    SECURITY_PATHS.profile,
    {
      summary: 'Update profile fields; full name and birthday (21+) are set once',
      body: updateProfileBody,
      response: memberProfileResponse,
    },
    async (request) => {
      const updated = await updateMemberProfile(accountContext(request), currentMember(request), request.body);
      return presentMemberProfile(updated.member, updated.profile);
    },
  );

  route.post(
    SECURITY_PATHS.totpSetup,
    { summary: 'A new authenticator secret (not active until confirmed)', response: totpSetupResponse },
    async (request) => await setupTotp(accountContext(request), currentMember(request)),
  );

  route.post(
    SECURITY_PATHS.totp,
    {
      summary: 'Confirm the authenticator with a current code (E); cannot be undone',
      body: totpConfirmBody,
      response: emptyValueResponse,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => {
      await enableTotp(accountContext(request), currentMember(request), request.body.code);
      return null;
    },
  );
}
