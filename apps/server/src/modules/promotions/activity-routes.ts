import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import {
  ACTIVITY_IMAGE_MAX_BYTES,
  ACTIVITY_IMAGES_MAX,
  activityApplicationResponse,
  activityApplicationsResponse,
  idParams,
  imageParams,
  OPERATOR_PROMOTION_KIND_PATHS,
  operatorApplicationQuery,
  operatorApplicationResponse,
  operatorApplicationsResponse,
  operatorApproveApplicationBody,
  operatorReasonBody,
  PROMOTION_KIND_PATHS,
  promotionIdParams,
} from '@kismat/contracts/promotion-kinds';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { AppError, isAppError } from '../../platform/errors';
import { LocalDiskStorage } from '../../platform/file-storage';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { requireRealMember } from '../../platform/policy';
import { requestContext } from '../../platform/request-context';
import { defineRoutes, perSessionLimit } from '../../platform/route';
import { bearerSecurity as security } from '../../platform/route-docs';
import { applyForActivity, listMyApplications, readApplicationImage } from './activity-apply';
import { approveApplication, listApplicationsForOperator, rejectApplication } from './activity-review';
import { operatorReview } from './operator-review';

const tags = ['promotions'];

/** Members uploaded these bytes: never let a browser sniff them into something executable. */
function sendImage(reply: FastifyReply, image: { bytes: Buffer; contentType: string }) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'")
    .send(image.bytes);
}

/** Reads the application form: the `comment` field and up to three `images` files. */
async function readApplicationForm(request: FastifyRequest): Promise<{ comment: string; images: Buffer[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let comment = '';
  const images: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images' || images.length >= ACTIVITY_IMAGES_MAX) throw new AppError('ACTIVITY_IMAGE_INVALID');
        images.push(await part.toBuffer());
      } else if (part.fieldname === 'comment' && typeof part.value === 'string') {
        comment = part.value;
      }
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    // @fastify/multipart throws when a file passes 5 MB or the form has too many files.
    throw new AppError('ACTIVITY_IMAGE_INVALID');
  }
  return { comment, images };
}

/** Activity applications: the member applies and follows them; operators approve (award) or reject (reason). */
export async function activityRoutes(root: FastifyInstance): Promise<void> {
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));
  const app = root.withTypeProvider<ZodTypeProvider>();

  await app.register(async (member) => {
    const routes = member.withTypeProvider<ZodTypeProvider>();
    routes.addHook('preValidation', requireRealMember);
    await routes.register(fastifyMultipart, { limits: { fileSize: ACTIVITY_IMAGE_MAX_BYTES, files: ACTIVITY_IMAGES_MAX + 1, fields: 4 } });

    const memberRoute = defineRoutes(routes, { tags: ['operator'] });
    memberRoute.post(
      PROMOTION_KIND_PATHS.activityApply,
      {
        tags: tags,
        summary: 'Apply for an activity: multipart, field "comment" (<= 140 characters), files "images" (0-3 png/jpg, 5 MB each)',
        params: promotionIdParams,
        response: activityApplicationResponse,
        rateLimit: perSessionLimit(10),
      },
      async (request) => {
        const form = await readApplicationForm(request);
        const application = await applyForActivity({ ...requestContext(request), storage }, currentMember(request), {
          promotionId: request.params.promotionId,
          ...form,
        });
        return application;
      },
    );

    memberRoute.get(
      PROMOTION_KIND_PATHS.activityApplications,
      {
        tags: tags,
        summary: 'My activity applications (Applying, Issued, Rejected with the reason)',
        response: activityApplicationsResponse,
      },
      async (request) => await listMyApplications(root.db, currentMember(request), request.language),
    );

    routes.get(
      PROMOTION_KIND_PATHS.activityImage,
      { schema: { tags, security, summary: 'An image of my application', params: imageParams } },
      async (request, reply) =>
        sendImage(reply, await readApplicationImage(root.db, storage, { ...request.params, memberId: currentMember(request).id })),
    );
  });

  const route = defineRoutes(app, { tags: ['operator'] });
  route.get(
    OPERATOR_PROMOTION_KIND_PATHS.applications,
    {
      summary: 'Activity applications (default: waiting for review)',
      querystring: operatorApplicationQuery,
      response: operatorApplicationsResponse,
      guard: operatorGuard('read'),
    },
    async (request) => await listApplicationsForOperator(root.db, { merchantId: currentOperator(request).merchantId, ...request.query }),
  );

  app.get(
    OPERATOR_PROMOTION_KIND_PATHS.applicationImage,
    {
      onRequest: operatorGuard('read'),
      schema: { tags: ['operator'], security, summary: 'An image of an activity application', params: imageParams },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await readApplicationImage(root.db, storage, { ...request.params, merchantId: currentOperator(request).merchantId }),
      ),
  );

  route.post(
    OPERATOR_PROMOTION_KIND_PATHS.applicationApprove,
    {
      summary: "Approve an application: pays the amount (within the promotion's rule) once; a repeat answers the issued application",
      params: idParams,
      body: operatorApproveApplicationBody,
      response: operatorApplicationResponse,
      guard: operatorGuard('money'),
    },
    async (request) => {
      const { review, audit } = operatorReview(request, root.now());
      return await approveApplication(root.db, { id: request.params.id, amount: request.body.amount, ...review }, audit);
    },
  );

  route.post(
    OPERATOR_PROMOTION_KIND_PATHS.applicationReject,
    {
      summary: 'Reject an application with the reason the member sees; nothing is paid',
      params: idParams,
      body: operatorReasonBody,
      response: operatorApplicationResponse,
      guard: operatorGuard('money'),
    },
    async (request) => {
      const { review, audit } = operatorReview(request, root.now());
      return await rejectApplication(root.db, { id: request.params.id, reason: request.body.reason, ...review }, audit);
    },
  );
}
