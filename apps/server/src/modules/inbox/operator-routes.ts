import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  campaignParams,
  campaignResponse,
  campaignsResponse,
  createCampaignBody,
  INBOX_ADMIN_PATHS,
  merchantCodeParams,
  previewBody,
  previewResponse,
} from '@kismat/contracts/inbox-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { createCampaign, sanitizeContent } from './create-campaign';
import { deliverDueCampaigns } from './deliver-campaigns';
import { cancelCampaign, listCampaigns, presentCampaign } from './manage-campaigns';

const tags = ['operator', 'inbox'];
const security = [{ bearer: [] }];
const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * The back office's message composer: every operator role (support answers members) may send;
 * each campaign and cancel is audited. A merchant-scoped operator names only its own merchant.
 */
export async function registerOperatorInboxRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = operatorGuard('read');

  app.get(
    INBOX_ADMIN_PATHS.campaigns,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'Operator messages, newest first',
        params: merchantCodeParams,
        response: { 200: campaignsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return ok(request, { items: (await listCampaigns(root.db, merchant.id)).map(presentCampaign) });
    },
  );

  app.post(
    INBOX_ADMIN_PATHS.campaigns,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'Send a message (BN/EN/SW, sanitised HTML) to a member, a segment or everyone, now or at sendAt',
        params: merchantCodeParams,
        body: createCampaignBody,
        response: { 200: campaignResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const now = root.now();
      const campaign = await createCampaign({ db: root.db, now }, request, currentOperator(request), {
        merchantId: merchant.id,
        audience: request.body.audience,
        content: request.body.content,
        sendAt: request.body.sendAt ? new Date(request.body.sendAt) : null,
      });
      // Send now: start the fan-out at once instead of at the job's next minute. It runs after
      // the answer under the same batch locks as the job, so the two never send twice.
      if (campaign.sendAt <= now) {
        void deliverDueCampaigns({ db: root.db, realtime: root.realtime, now, merchantId: merchant.id }).catch((error: unknown) =>
          root.log.error({ err: error, campaignId: campaign.id }, 'inbox campaign send failed; the job retries'),
        );
      }
      return ok(request, presentCampaign(campaign));
    },
  );

  app.post(
    INBOX_ADMIN_PATHS.campaignCancel,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'Cancel a scheduled message',
        params: campaignParams,
        response: { 200: campaignResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const cancelled = await cancelCampaign(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
      });
      return ok(request, presentCampaign(cancelled));
    },
  );

  app.post(
    INBOX_ADMIN_PATHS.preview,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'The sanitised content per language, exactly as members will receive it',
        params: merchantCodeParams,
        body: previewBody,
        response: { 200: previewResponse, ...errors },
      },
    },
    async (request) => {
      await scopedMerchantByCode(request, request.params.code);
      return ok(request, { content: sanitizeContent(request.body.content) });
    },
  );
}
