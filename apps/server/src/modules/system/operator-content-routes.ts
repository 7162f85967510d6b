import {
  adminCustomerServiceResponse,
  adminCustomerServicesResponse,
  adminHelpArticleResponse,
  adminHelpArticlesResponse,
  adminResourcesResponse,
  CONTENT_ADMIN_PATHS,
  contentMerchantParams,
  customerServiceBody,
  helpArticleBody,
  updateResourcesBody,
} from '@kismat/contracts/content-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declareContentCrud, operatorAuditor } from '../../platform/content-desk-routes';
import { onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
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
  const desk = { db: root.db, now: () => root.now() };

  declareContentCrud(route, desk, {
    paths: { list: CONTENT_ADMIN_PATHS.helpArticles, item: CONTENT_ADMIN_PATHS.helpArticle },
    guards: { read, write: settings },
    audit: { targetType: 'help_article', action: 'content.help_article' },
    list: {
      summary: 'Help-centre categories and every article',
      response: adminHelpArticlesResponse,
      read: async (merchantId) => await listAdminHelp(root.db, merchantId),
    },
    create: {
      summary: 'Write a help-centre article in BN/EN/SW (HTML sanitised)',
      body: helpArticleBody,
      response: adminHelpArticleResponse,
      write: createHelpArticle,
    },
    update: {
      summary: 'Change a help-centre article',
      body: helpArticleBody,
      response: adminHelpArticleResponse,
      write: updateHelpArticle,
    },
    remove: { summary: 'Remove a help-centre article', write: deleteHelpArticle },
  });

  declareContentCrud(route, desk, {
    paths: { list: CONTENT_ADMIN_PATHS.customerServices, item: CONTENT_ADMIN_PATHS.customerService },
    guards: { read, write: settings },
    audit: { targetType: 'customer_service', action: 'content.customer_service' },
    list: {
      summary: 'Customer-service entries (side menu and floating bar)',
      response: adminCustomerServicesResponse,
      read: async (merchantId) => ({ items: await listAdminCustomerServices(root.db, merchantId) }),
    },
    create: {
      summary: 'Add a customer-service entry',
      body: customerServiceBody,
      response: adminCustomerServiceResponse,
      write: createCustomerService,
    },
    update: {
      summary: 'Change a customer-service entry',
      body: customerServiceBody,
      response: adminCustomerServiceResponse,
      write: updateCustomerService,
    },
    remove: {
      summary: 'Remove a customer-service entry',
      write: deleteCustomerService,
    },
  });

  route.get(
    CONTENT_ADMIN_PATHS.resources,
    {
      summary: 'App-download links, social links, support e-mail, footer logos and switches',
      params: contentMerchantParams,
      response: adminResourcesResponse,
      guard: read,
    },
    onScopedMerchant(async (merchant) => ({ values: await listMerchantResources(root.db, merchant.id) })),
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
    onScopedMerchant(async (merchant, request) => {
      const values = await updateMerchantResources(
        root.db,
        { merchantId: merchant.id, body: request.body },
        operatorAuditor(request, merchant.id, 'merchant_resources', 'content.resources_changed'),
      );
      return { values };
    }),
  );
}
