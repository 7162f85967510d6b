import {
  adminCustomerServiceResponse,
  adminCustomerServicesResponse,
  adminHelpArticleResponse,
  adminHelpArticlesResponse,
  adminResourcesResponse,
  CONTENT_ADMIN_PATHS,
  contentDeletedResponse,
  contentItemParams,
  contentMerchantParams,
  customerServiceBody,
  helpArticleBody,
  updateResourcesBody,
} from '@kismat/contracts/content-admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { listMerchantResources } from './list-merchant-resources';
import { createCustomerService, deleteCustomerService, listAdminCustomerServices, updateCustomerService } from './manage-customer-services';
import { createHelpArticle, deleteHelpArticle, listAdminHelp, updateHelpArticle } from './manage-help-articles';
import { updateMerchantResources } from './update-merchant-resources';

const tags = ['operator', 'content'];

/**
 * The back office's content desk for the help centre, customer-service entries and the
 * merchant's links and footer logos (issue 19): every role reads, `settings` (admin) changes;
 * each change is audited with before and after in its transaction.
 */
export async function registerOperatorSystemContentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');
  const route = defineRoutes(app, { tags });

  const auditor =
    (request: FastifyRequest, merchantId: number, targetType: string, action: string) =>
    (tx: DbOrTx, entry: { before: unknown; after: unknown; id?: number }) =>
      recordOperatorAudit(tx, request, currentOperator(request), {
        action,
        targetType,
        targetId: entry.id,
        merchantId,
        detail: { before: entry.before, after: entry.after },
      });

  route.get(
    CONTENT_ADMIN_PATHS.helpArticles,
    {
      summary: 'Help-centre categories and every article',
      params: contentMerchantParams,
      response: adminHelpArticlesResponse,
      guard: read,
    },
    async (request) => await listAdminHelp(root.db, (await scopedMerchantByCode(request, request.params.code)).id),
  );

  route.post(
    CONTENT_ADMIN_PATHS.helpArticles,
    {
      summary: 'Write a help-centre article in BN/EN/SW (HTML sanitised)',
      params: contentMerchantParams,
      body: helpArticleBody,
      response: adminHelpArticleResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return await createHelpArticle(
        root.db,
        { merchantId: merchant.id, body: request.body },
        auditor(request, merchant.id, 'help_article', 'content.help_article_created'),
      );
    },
  );

  route.put(
    CONTENT_ADMIN_PATHS.helpArticle,
    {
      summary: 'Change a help-centre article',
      params: contentItemParams,
      body: helpArticleBody,
      response: adminHelpArticleResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return await updateHelpArticle(
        root.db,
        { merchantId: merchant.id, id: request.params.id, body: request.body },
        auditor(request, merchant.id, 'help_article', 'content.help_article_changed'),
      );
    },
  );

  route.delete(
    CONTENT_ADMIN_PATHS.helpArticle,
    { summary: 'Remove a help-centre article', params: contentItemParams, response: contentDeletedResponse, guard: settings },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      await deleteHelpArticle(
        root.db,
        { merchantId: merchant.id, id: request.params.id },
        auditor(request, merchant.id, 'help_article', 'content.help_article_deleted'),
      );
      return { deleted: true };
    },
  );

  route.get(
    CONTENT_ADMIN_PATHS.customerServices,
    {
      summary: 'Customer-service entries (side menu and floating bar)',
      params: contentMerchantParams,
      response: adminCustomerServicesResponse,
      guard: read,
    },
    async (request) => ({ items: await listAdminCustomerServices(root.db, (await scopedMerchantByCode(request, request.params.code)).id) }),
  );

  route.post(
    CONTENT_ADMIN_PATHS.customerServices,
    {
      summary: 'Add a customer-service entry',
      params: contentMerchantParams,
      body: customerServiceBody,
      response: adminCustomerServiceResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return await createCustomerService(
        root.db,
        { merchantId: merchant.id, body: request.body },
        auditor(request, merchant.id, 'customer_service', 'content.customer_service_created'),
      );
    },
  );

  route.put(
    CONTENT_ADMIN_PATHS.customerService,
    {
      summary: 'Change a customer-service entry',
      params: contentItemParams,
      body: customerServiceBody,
      response: adminCustomerServiceResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return await updateCustomerService(
        root.db,
        { merchantId: merchant.id, id: request.params.id, body: request.body },
        auditor(request, merchant.id, 'customer_service', 'content.customer_service_changed'),
      );
    },
  );

  route.delete(
    CONTENT_ADMIN_PATHS.customerService,
    { summary: 'Remove a customer-service entry', params: contentItemParams, response: contentDeletedResponse, guard: settings },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      await deleteCustomerService(
        root.db,
        { merchantId: merchant.id, id: request.params.id },
        auditor(request, merchant.id, 'customer_service', 'content.customer_service_deleted'),
      );
      return { deleted: true };
    },
  );

  route.get(
    CONTENT_ADMIN_PATHS.resources,
    {
      summary: 'App-download links, social links, support e-mail, footer logos and switches',
      params: contentMerchantParams,
      response: adminResourcesResponse,
      guard: read,
    },
    async (request) => ({ values: await listMerchantResources(root.db, (await scopedMerchantByCode(request, request.params.code)).id) }),
  );

  route.put(
    CONTENT_ADMIN_PATHS.resources,
    {
      summary: 'Set some of the links, logos and switches (https links or site paths)',
      params: contentMerchantParams,
      body: updateResourcesBody,
      response: adminResourcesResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const values = await updateMerchantResources(
        root.db,
        { merchantId: merchant.id, body: request.body },
        auditor(request, merchant.id, 'merchant_resources', 'content.resources_changed'),
      );
      return { values };
    },
  );
}
