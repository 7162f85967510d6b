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
import { currentMember } from '../../platform/auth';
import { resolveExplicitLanguage } from '../../platform/language';
import { requireRealMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
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
    // As before the move out of the cashier: trial players get TRIAL_FORBIDDEN.
    scope.addHook('preValidation', requireRealMember);
    const route = defineRoutes(scope, { tags });

    route.get(
      CASHIER_PATHS.notifications,
      {
        summary: 'The member inbox: a page of messages (unread first, then newest), the total and the unread count',
        querystring: notificationsQuery,
        response: notificationsResponse,
      },
      async (request) => {
        const pageNo = request.query.pageNo ?? 1;
        const pageSize = request.query.pageSize ?? NOTIFICATIONS_PAGE_SIZE;
        const { rows, total, unread } = await listNotificationsPage(root.db, currentMember(request).id, { pageNo, pageSize });
        return { items: await presentMessages(root.db, rows, languageOf(request)), unread, total, pageNo, pageSize };
      },
    );

    route.post(
      CASHIER_PATHS.notificationOpen,
      {
        summary: "Open one of the member's messages: marks it read, answers it and the unread count",
        params: cashierIdParams,
        response: openNotificationResponse,
      },
      async (request) => {
        const { row, unread } = await openNotification(root.db, currentMember(request).id, request.params.id, root.now());
        const [notification] = await presentMessages(root.db, [row], languageOf(request));
        // presentMessages answers one message per row: the contract's notification is never null.
        if (!notification) throw new Error('presentMessages answered no message for the opened row');
        return { notification, unread };
      },
    );

    route.post(
      CASHIER_PATHS.notificationDelete,
      {
        summary: "Delete one of the member's messages",
        params: cashierIdParams,
        response: deleteNotificationsResponse,
      },
      async (request) => await deleteNotification(root.db, currentMember(request).id, request.params.id),
    );

    route.post(
      CASHIER_PATHS.notificationsDeleteRead,
      {
        summary: 'Delete every message the member has read',
        response: deleteNotificationsResponse,
      },
      async (request) => await deleteReadNotifications(root.db, currentMember(request).id),
    );

    route.post(
      CASHIER_PATHS.notificationsRead,
      {
        summary: 'Mark messages (or all) read',
        body: readNotificationsBody,
        response: emptyValueResponse,
      },
      async (request) => {
        await markNotificationsRead(root.db, currentMember(request).id, request.body.ids, root.now());
        return null;
      },
    );
  });
}
