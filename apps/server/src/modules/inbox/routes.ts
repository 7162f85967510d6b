import {
  CASHIER_PATHS,
  cashierIdParams,
  deleteNotificationsResponse,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsQuery,
  notificationsResponse,
  openNotificationResponse,
  readNotificationsBody,
} from '@kismat/contracts/cashier';
import { emptyValueResponse } from '@kismat/contracts/session';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { resolveExplicitLanguage } from '../../platform/language';
import { requireRealMember } from '../../platform/policy';
import { bearerSecurity as bearer, errors } from '../../platform/route-docs';
import { presentMessages } from './campaign-content';
import { deleteNotification, deleteReadNotifications, listNotificationsPage, openNotification } from './manage-messages';
import { markNotificationsRead } from './send-inbox-message';

const tags = ['inbox'];

/** The member's language for an operator message: the one the site asks in, else the account's, else BN. */
function languageOf(request: Parameters<typeof currentMember>[0]): string {
  return resolveExplicitLanguage(request) ?? currentMember(request).language ?? 'BN';
}

/** The member inbox (messageV2): every call is scoped to the signed-in member's own rows. */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const root = app;
  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    // As before the move out of the cashier: trial players get TRIAL_FORBIDDEN.
    routes.addHook('preValidation', requireRealMember);

    routes.get(
      CASHIER_PATHS.notifications,
      {
        schema: {
          tags,
          summary: 'The member inbox: a page of messages (unread first, then newest), the total and the unread count',
          security: bearer,
          querystring: notificationsQuery,
          response: { 200: notificationsResponse, ...errors },
        },
      },
      async (request) => {
        const pageNo = request.query.pageNo ?? 1;
        const pageSize = request.query.pageSize ?? NOTIFICATIONS_PAGE_SIZE;
        const { rows, total, unread } = await listNotificationsPage(root.db, currentMember(request).id, { pageNo, pageSize });
        return ok(request, { items: await presentMessages(root.db, rows, languageOf(request)), unread, total, pageNo, pageSize });
      },
    );

    routes.post(
      CASHIER_PATHS.notificationOpen,
      {
        schema: {
          tags,
          summary: "Open one of the member's messages: marks it read, answers it and the unread count",
          security: bearer,
          params: cashierIdParams,
          response: { 200: openNotificationResponse, ...errors },
        },
      },
      async (request) => {
        const { row, unread } = await openNotification(root.db, currentMember(request).id, request.params.id, root.now());
        const [notification] = await presentMessages(root.db, [row], languageOf(request));
        return ok(request, { notification: notification ?? null, unread });
      },
    );

    routes.post(
      CASHIER_PATHS.notificationDelete,
      {
        schema: {
          tags,
          summary: "Delete one of the member's messages",
          security: bearer,
          params: cashierIdParams,
          response: { 200: deleteNotificationsResponse, ...errors },
        },
      },
      async (request) => ok(request, await deleteNotification(root.db, currentMember(request).id, request.params.id)),
    );

    routes.post(
      CASHIER_PATHS.notificationsDeleteRead,
      {
        schema: {
          tags,
          summary: 'Delete every message the member has read',
          security: bearer,
          response: { 200: deleteNotificationsResponse, ...errors },
        },
      },
      async (request) => ok(request, await deleteReadNotifications(root.db, currentMember(request).id)),
    );

    routes.post(
      CASHIER_PATHS.notificationsRead,
      {
        schema: {
          tags,
          summary: 'Mark messages (or all) read',
          security: bearer,
          body: readNotificationsBody,
          response: { 200: emptyValueResponse, ...errors },
        },
      },
      async (request) => {
        await markNotificationsRead(root.db, currentMember(request).id, request.body.ids, root.now());
        return ok(request, null);
      },
    );
  });
}
