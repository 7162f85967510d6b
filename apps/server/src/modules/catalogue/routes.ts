import { createHash } from 'node:crypto';
import {
  announcementImageParams,
  announcementImageQuery,
  bannerImageParams,
  CATALOGUE_PATHS,
  gameIconParams,
  gameIconQuery,
  gameMenusResponse,
  IMAGE_PATHS,
  vendorLogoParams,
} from '@kismat/contracts/catalogue';
import { errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { trackCatalogueCache } from './catalogue-caches';
import { cataloguePorts } from './catalogue-ports';
import { type ArtSubject, findGameArt, findVendorArt } from './find-art-subject';
import { registerGameListRoutes } from './game-list-routes';
import { getGameMenus } from './get-game-menus';
import { preparedReplyCache, prepareReply, sendPrepared } from './prepared-reply';
import { type ArtKind, renderArtSvg } from './render-art-svg';

const MENU_CACHE_MS = 2000;
// A week: the art only changes when a title is renamed, and a stale week of a placeholder is harmless.
const ART_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const svgResponse = z.string().describe('An SVG image (image/svg+xml)');
const imageResponses = { 200: svgResponse, 404: errorEnvelope, 422: errorEnvelope };

function stemOf(file: string): string {
  return file.slice(0, -'.svg'.length);
}

/** Sends generated art with long caching and an ETag; a revalidation that matches gets 304. */
function sendArt(request: FastifyRequest, reply: FastifyReply, kind: ArtKind, seed: string, subject: ArtSubject | null): FastifyReply {
  if (!subject) throw new AppError('NOT_FOUND');
  const svg = renderArtSvg({ kind, seed, ...subject });
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
  reply
    .header('cache-control', `public, max-age=${ART_MAX_AGE_SECONDS}`)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    // Opened directly, the SVG may not run script or load anything.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(Buffer.from(svg, 'utf8'));
}

/** Game menus and the generated artwork (vendor logos, game icons, banners, promotion images). */
export async function registerCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Kept serialised per (merchant, language): a hit sends stored bytes (the home page asks on every view).
  const menuCache = trackCatalogueCache(app.db, preparedReplyCache<null>(MENU_CACHE_MS));

  routes.get(
    CATALOGUE_PATHS.gameMenus,
    {
      schema: {
        tags: ['catalogue'],
        summary: "Every game category with the merchant's enabled vendors, in home-row order",
        response: { 200: gameMenusResponse },
      },
    },
    async (request, reply) => {
      const key = `${request.merchant.id}:${request.language}`;
      const prepared = await menuCache.get(key, async () =>
        prepareReply(reply, null, ok(request, { menus: await getGameMenus(app.db, request.merchant.id, app.now()) })),
      );
      return sendPrepared(request, reply, prepared);
    },
  );

  await app.register(registerGameListRoutes);

  const imageSchema = (summary: string) => ({ tags: ['images'], summary, produces: ['image/svg+xml'] });

  routes.get(
    IMAGE_PATHS.vendorLogo,
    { schema: { ...imageSchema('Vendor logo (generated SVG)'), params: vendorLogoParams, response: imageResponses } },
    async (request, reply) => {
      const code = stemOf(request.params.file);
      return sendArt(request, reply, 'vendor', `vendor:${code}`, await findVendorArt(app.db, code));
    },
  );

  routes.get(
    IMAGE_PATHS.gameIcon,
    {
      schema: {
        ...imageSchema('Game icon, or with size=large the wide tile art (generated SVG)'),
        params: gameIconParams,
        querystring: gameIconQuery,
        response: imageResponses,
      },
    },
    async (request, reply) => {
      const gameCode = stemOf(request.params.file);
      const kind = request.query.size === 'large' ? 'game-large' : 'game';
      return sendArt(
        request,
        reply,
        kind,
        `game:${request.params.vendor}:${gameCode}`,
        await findGameArt(app.db, request.params.vendor, gameCode),
      );
    },
  );

  routes.get(
    IMAGE_PATHS.banner,
    { schema: { ...imageSchema('Banner image (generated SVG)'), params: bannerImageParams, response: imageResponses } },
    async (request, reply) => {
      const code = stemOf(request.params.file);
      return sendArt(request, reply, 'banner', `banner:${code}`, await cataloguePorts().findBannerArt(app.db, request.merchant.id, code));
    },
  );

  routes.get(
    IMAGE_PATHS.announcementImage,
    {
      schema: {
        ...imageSchema('Promotion image by sequence, drawn in the lang of the URL (generated SVG)'),
        params: announcementImageParams,
        querystring: announcementImageQuery,
        response: imageResponses,
      },
    },
    async (request, reply) => {
      const sequence = Number(stemOf(request.params.file));
      if (!Number.isInteger(sequence) || sequence < 1) throw new AppError('NOT_FOUND');
      const language = request.query.lang ?? request.language;
      const subject = await cataloguePorts().findAnnouncementArt(app.db, request.merchant.id, request.params.code, sequence, language);
      return sendArt(request, reply, 'announcement', `announcement:${request.params.code}:${sequence}`, subject);
    },
  );
}
