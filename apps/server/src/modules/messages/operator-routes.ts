import fastifyMultipart from '@fastify/multipart';
import {
  adminAnnouncementResponse,
  adminAnnouncementsResponse,
  adminBannerResponse,
  adminBannersResponse,
  announcementBody,
  CONTENT_ADMIN_PATHS,
  CONTENT_IMAGE_MAX_BYTES,
  contentImageResponse,
  contentMerchantParams,
  contentPreviewBody,
  contentPreviewResponse,
  createBannerBody,
  updateBannerBody,
} from '@kismat/contracts/content-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import { declareContentCrud } from '../../platform/content-desk-routes';
import { AppError } from '../../platform/errors';
import { currentOperator, onScopedMerchant, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { sanitizeMessageHtml } from '../../platform/sanitize-html';
import { uploadContentImage } from './content-images';
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
  const desk = { db: root.db, now: () => root.now() };

  declareContentCrud(route, desk, {
    paths: { list: CONTENT_ADMIN_PATHS.banners, item: CONTENT_ADMIN_PATHS.banner },
    guards: { read, write: settings },
    audit: { targetType: 'banner', action: 'content.banner' },
    list: {
      summary: 'Every banner of the merchant, live or not',
      response: adminBannersResponse,
      read: async (merchantId) => ({ items: await listAdminBanners(root.db, merchantId, root.now()) }),
    },
    create: {
      summary: 'Publish a banner: one row per language given (ALL shows in every language)',
      body: createBannerBody,
      response: adminBannersResponse,
      write: async (db, input, audit) => ({ items: await createBanners(db, input, audit) }),
    },
    update: {
      summary: 'Change one banner',
      body: updateBannerBody,
      response: adminBannerResponse,
      write: updateBanner,
    },
    remove: {
      summary: 'Remove one banner',
      write: deleteBanner,
    },
  });

  declareContentCrud(route, desk, {
    paths: { list: CONTENT_ADMIN_PATHS.announcements, item: CONTENT_ADMIN_PATHS.announcement },
    guards: { read, write: settings },
    audit: { targetType: 'announcement', action: 'content.announcement' },
    list: {
      summary: 'Notices (PL), popups (PU), promotions (PR) and headlines (H), live or not',
      response: adminAnnouncementsResponse,
      read: async (merchantId) => ({ items: await listAdminAnnouncements(root.db, merchantId, root.now()) }),
    },
    create: {
      summary: 'Publish an announcement in BN/EN/SW (HTML sanitised)',
      body: announcementBody,
      response: adminAnnouncementResponse,
      write: createAnnouncement,
    },
    update: {
      summary: 'Change an announcement',
      body: announcementBody,
      response: adminAnnouncementResponse,
      write: updateAnnouncement,
    },
    remove: {
      summary: 'Remove an announcement',
      write: deleteAnnouncement,
    },
  });

  route.post(
    CONTENT_ADMIN_PATHS.images,
    {
      summary: 'Upload an image for content (multipart field "file"; PNG, JPEG or WebP by its bytes; 1 MB)',
      params: contentMerchantParams,
      response: contentImageResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
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
      const image = await uploadContentImage(
        root.db,
        { merchantId: merchant.id, operatorId: operator.id, bytes, now: root.now() },
        (tx, saved) =>
          recordOperatorAudit(tx, request, operator, {
            action: 'content.image_uploaded',
            targetType: 'content_image',
            targetId: saved.id,
            merchantId: merchant.id,
            detail: { size: saved.size, contentType: saved.contentType },
          }),
      );
      return { url: image.url, size: image.size, contentType: image.contentType };
    }),
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
