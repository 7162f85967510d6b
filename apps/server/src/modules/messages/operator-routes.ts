import fastifyMultipart from '@fastify/multipart';
import {
  adminAnnouncementResponse,
  adminAnnouncementsResponse,
  adminBannerResponse,
  adminBannersResponse,
  announcementBody,
  CONTENT_ADMIN_PATHS,
  CONTENT_IMAGE_MAX_BYTES,
  contentDeletedResponse,
  contentImageResponse,
  contentItemParams,
  contentMerchantParams,
  contentPreviewBody,
  contentPreviewResponse,
  createBannerBody,
  updateBannerBody,
} from '@kismat/contracts/content-admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { sanitizeMessageHtml } from '../../platform/sanitize-html';
import { saveContentImage } from './content-images';
import { createAnnouncement, deleteAnnouncement, listAdminAnnouncements, updateAnnouncement } from './manage-announcements';
import { createBanners, deleteBanner, listAdminBanners, updateBanner } from './manage-banners';

const tags = ['operator', 'content'];

/**
 * The back office's content desk for banners, announcements and images (issue 19): every role
 * reads, only `settings` (admin) publishes; each change is audited with before and after in the
 * same transaction. A merchant-scoped operator names only its own merchant.
 */
export async function registerOperatorContentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, { limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 2 } });
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');
  const route = defineRoutes(app, { tags });

  const auditor =
    (request: FastifyRequest, merchantId: number, targetType: string, action: string) =>
    (tx: DbOrTx, entry: { before: unknown; after: unknown; id: number }) =>
      recordOperatorAudit(tx, request, currentOperator(request), {
        action,
        targetType,
        targetId: entry.id,
        merchantId,
        detail: { before: entry.before, after: entry.after },
      });

  route.get(
    CONTENT_ADMIN_PATHS.banners,
    { summary: 'Every banner of the merchant, live or not', params: contentMerchantParams, response: adminBannersResponse, guard: read },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return { items: await listAdminBanners(root.db, merchant.id, root.now()) };
    },
  );

  route.post(
    CONTENT_ADMIN_PATHS.banners,
    {
      summary: 'Publish a banner: one row per language given (ALL shows in every language)',
      params: contentMerchantParams,
      body: createBannerBody,
      response: adminBannersResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const items = await createBanners(
        root.db,
        { merchantId: merchant.id, body: request.body, now: root.now() },
        auditor(request, merchant.id, 'banner', 'content.banner_created'),
      );
      return { items };
    },
  );

  route.put(
    CONTENT_ADMIN_PATHS.banner,
    { summary: 'Change one banner', params: contentItemParams, body: updateBannerBody, response: adminBannerResponse, guard: settings },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return await updateBanner(
        root.db,
        { merchantId: merchant.id, id: request.params.id, body: request.body, now: root.now() },
        auditor(request, merchant.id, 'banner', 'content.banner_changed'),
      );
    },
  );

  route.delete(
    CONTENT_ADMIN_PATHS.banner,
    { summary: 'Remove one banner', params: contentItemParams, response: contentDeletedResponse, guard: settings },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      await deleteBanner(
        root.db,
        { merchantId: merchant.id, id: request.params.id, now: root.now() },
        auditor(request, merchant.id, 'banner', 'content.banner_deleted'),
      );
      return { deleted: true };
    },
  );

  route.get(
    CONTENT_ADMIN_PATHS.announcements,
    {
      summary: 'Notices (PL), popups (PU), promotions (PR) and headlines (H), live or not',
      params: contentMerchantParams,
      response: adminAnnouncementsResponse,
      guard: read,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return { items: await listAdminAnnouncements(root.db, merchant.id, root.now()) };
    },
  );

  route.post(
    CONTENT_ADMIN_PATHS.announcements,
    {
      summary: 'Publish an announcement in BN/EN/SW (HTML sanitised)',
      params: contentMerchantParams,
      body: announcementBody,
      response: adminAnnouncementResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return await createAnnouncement(
        root.db,
        { merchantId: merchant.id, body: request.body, now: root.now() },
        auditor(request, merchant.id, 'announcement', 'content.announcement_created'),
      );
    },
  );

  route.put(
    CONTENT_ADMIN_PATHS.announcement,
    {
      summary: 'Change an announcement',
      params: contentItemParams,
      body: announcementBody,
      response: adminAnnouncementResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return await updateAnnouncement(
        root.db,
        { merchantId: merchant.id, id: request.params.id, body: request.body, now: root.now() },
        auditor(request, merchant.id, 'announcement', 'content.announcement_changed'),
      );
    },
  );

  route.delete(
    CONTENT_ADMIN_PATHS.announcement,
    { summary: 'Remove an announcement', params: contentItemParams, response: contentDeletedResponse, guard: settings },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      await deleteAnnouncement(
        root.db,
        { merchantId: merchant.id, id: request.params.id, now: root.now() },
        auditor(request, merchant.id, 'announcement', 'content.announcement_deleted'),
      );
      return { deleted: true };
    },
  );

  route.post(
    CONTENT_ADMIN_PATHS.images,
    {
      summary: 'Upload an image for content (multipart field "file"; PNG, JPEG or WebP by its bytes; 1 MB)',
      params: contentMerchantParams,
      response: contentImageResponse,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const file = await request.file();
      if (!file) throw new AppError('CONTENT_IMAGE_INVALID');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        // @fastify/multipart throws when the file passes the size limit.
        throw new AppError('CONTENT_IMAGE_INVALID');
      }
      const operator = currentOperator(request);
      const image = await root.db.transaction(async (tx) => {
        const saved = await saveContentImage(tx, { merchantId: merchant.id, operatorId: operator.id, bytes, now: root.now() });
        await recordOperatorAudit(tx, request, operator, {
          action: 'content.image_uploaded',
          targetType: 'content_image',
          targetId: saved.id,
          merchantId: merchant.id,
          detail: { size: saved.size, contentType: saved.contentType },
        });
        return saved;
      });
      return { url: image.url, size: image.size, contentType: image.contentType };
    },
  );

  route.post(
    CONTENT_ADMIN_PATHS.preview,
    {
      summary: 'The sanitised HTML per language, exactly as the site will show it',
      params: contentMerchantParams,
      body: contentPreviewBody,
      response: contentPreviewResponse,
      guard: read,
    },
    async (request) => {
      await scopedMerchantByCode(request, request.params.code);
      const html: Record<string, string> = {};
      for (const [language, value] of Object.entries(request.body.html))
        if (value !== undefined) html[language] = sanitizeMessageHtml(value);
      return { html };
    },
  );
}
