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
import { currentOperator, onScopedMerchant, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { createCampaign, sanitizeContent } from './create-campaign';
import { deliverDueCampaigns } from './deliver-campaigns';
import { cancelCampaign, listCampaigns, presentCampaign } from './manage-campaigns';

const tags = ['operator', 'inbox'];

/**
 * The back office's message composer: every operator role (support answers members) may send;
 * each campaign and cancel is audited. A merchant-scoped operator names only its own merchant.
 */
export async function registerOperatorInboxRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = operatorGuard('read');
  const route = defineRoutes(app, { tags });

  route.get(
    INBOX_ADMIN_PATHS.campaigns,
    { summary: 'Operator messages, newest first', params: merchantCodeParams, response: campaignsResponse, guard: guard },
    onScopedMerchant(async (merchant) => {
      return { items: (await listCampaigns(root.db, merchant.id)).map(presentCampaign) };
    }),
  );

  route.post(
    INBOX_ADMIN_PATHS.campaigns,
    {
      summary: 'Send a message (BN/EN/SW, sanitised HTML) to a member, a segment or everyone, now or at sendAt',
      params: merchantCodeParams,
      body: createCampaignBody,
      response: campaignResponse,
      guard: guard,
    },
    onScopedMerchant(async (merchant, request) => {
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
      return presentCampaign(campaign);
    }),
  );

  route.post(
    INBOX_ADMIN_PATHS.campaignCancel,
    { summary: 'Cancel a scheduled message', params: campaignParams, response: campaignResponse, guard: guard },
    onScopedMerchant(async (merchant, request) => {
      const cancelled = await cancelCampaign(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
      });
      return presentCampaign(cancelled);
    }),
  );

  route.post(
    INBOX_ADMIN_PATHS.preview,
    {
      summary: 'The sanitised content per language, exactly as members will receive it',
      params: merchantCodeParams,
      body: previewBody,
      response: previewResponse,
      guard: guard,
    },
    async (request) => {
      await scopedMerchantByCode(request, request.params.code);
      return { content: sanitizeContent(request.body.content) };
    },
  );
}
