import { NOTIFICATIONS_PAGE_SIZE, type NotificationValue } from '@kismat/contracts/cashier';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FactList } from '@/components/ui/fact-list';
import { Icon } from '@/components/ui/icon';
import { MessageDialog } from '@/components/ui/message-dialog';
import { Pagination } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/query-state';
import { useFormatDateTime } from '@/lib/format-date';
import { useFormatMoney } from '@/lib/format-money';
import { useDeleteNotification } from '../api/delete-notification';
import { useDeleteReadNotifications } from '../api/delete-read-notifications';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useOpenNotification } from '../api/open-notification';
import { useInboxLive } from '../hooks/use-inbox-live';
import styles from './inbox.module.css';
import { InboxMessageBody } from './inbox-message-body';
import { hasAmount, inboxMessageIcon, inboxMessageTitle } from './inbox-message-text';

/** What a confirm dialog is about to delete: one message or every read one. */
type PendingDelete = { kind: 'one'; message: NotificationValue } | { kind: 'read' };

/** messageV2: the member's inbox, unread first; opening a message reads it and the badge drops at once. */
export function InboxPage() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<NotificationValue | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const query = useNotifications(pageNo);
  const openMessage = useOpenNotification();
  const deleteOne = useDeleteNotification();
  const deleteRead = useDeleteReadNotifications();
  const markAll = useMarkAllRead();
  useInboxLive();

  const value = query.data;
  const items = value?.items ?? [];
  const unread = value?.unread ?? 0;
  const total = value?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const titleOf = (message: NotificationValue) => inboxMessageTitle(t, message, formatMoney);
  const error = openMessage.error ?? deleteOne.error ?? deleteRead.error ?? markAll.error;

  const onOpen = (message: NotificationValue) => {
    setOpened(message);
    if (!message.isRead) openMessage.mutate(message.id, { onSuccess: (answer) => setOpened(answer.notification) });
  };
  const onConfirmDelete = () => {
    if (!pendingDelete) return;
    const done = { onSettled: () => setPendingDelete(null) };
    if (pendingDelete.kind === 'one') {
      deleteOne.mutate(pendingDelete.message.id, {
        ...done,
        onSuccess: () => {
          setOpened(null);
          // The last message of a later page gone: the page before it.
          if (items.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
        },
      });
    } else {
      deleteRead.mutate(undefined, { ...done, onSuccess: () => setPageNo(1) });
    }
  };

  return (
    <div data-testid="inbox">
      <div className={styles.toolbar}>
        <span data-testid="inbox-unread">{t('inbox.unread', { count: unread })}</span>
        <div className={styles.actions}>
          <Button variant="outline" size="small" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            {t('inbox.markAllRead')}
          </Button>
          <Button
            variant="outline"
            size="small"
            disabled={total === unread || deleteRead.isPending}
            onClick={() => setPendingDelete({ kind: 'read' })}
          >
            {t('inbox.deleteRead')}
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      ) : null}
      <QueryState
        query={query}
        errorTitle={t('inbox.loadFailed')}
        isEmpty={items.length === 0}
        emptyTitle={t('inbox.empty')}
        emptyIcon="chat"
      >
        <ul className={styles.list} aria-label={t('inbox.listLabel')}>
          {items.map((message) => (
            <li key={message.id} className={styles.row} data-unread={!message.isRead} data-testid="inbox-row">
              <button type="button" className={styles.open} onClick={() => onOpen(message)}>
                <span className={styles.kind} data-unread={!message.isRead} aria-hidden="true">
                  <Icon name={inboxMessageIcon(message)} size={18} />
                </span>
                <span className={styles.title}>
                  {message.isRead ? null : <span className="visually-hidden">{t('inbox.unreadMark')} </span>}
                  {titleOf(message)}
                </span>
                <span className={styles.time}>{formatDateTime(message.createdAt)}</span>
              </button>
              <Button
                variant="ghost"
                size="small"
                isIconOnly
                className={styles.remove}
                aria-label={t('inbox.delete')}
                onClick={() => setPendingDelete({ kind: 'one', message })}
              >
                <Icon name="trash" size={16} />
              </Button>
            </li>
          ))}
        </ul>
        {pageCount > 1 ? (
          <Pagination
            page={pageNo - 1}
            pageCount={pageCount}
            onChange={(page) => setPageNo(page + 1)}
            labels={{ nav: t('inbox.pager.nav'), previous: t('inbox.pager.previous'), next: t('inbox.pager.next') }}
          />
        ) : null}
      </QueryState>

      <Dialog
        isOpen={opened !== null}
        onClose={() => setOpened(null)}
        title={t('inbox.detailTitle')}
        width={opened && !hasAmount(opened) ? 560 : 440}
        height={opened && !hasAmount(opened) ? 'auto' : 240}
      >
        {opened ? (
          <div className={styles.detail} data-testid="inbox-detail">
            <h3 className={styles.detailTitle}>{titleOf(opened)}</h3>
            <InboxMessageBody message={opened} />
            <FactList
              className={`${blocks.facts} ${styles.facts}`}
              facts={[
                ...(hasAmount(opened) ? [{ label: t('inbox.amount'), value: formatMoney(opened.amount) }] : []),
                { label: t('inbox.time'), value: formatDateTime(opened.createdAt) },
                ...(opened.kind === 'operator_message' ? [] : [{ label: t('inbox.reference'), value: `#${opened.referenceId}` }]),
              ]}
            />
            <div className={styles.actions}>
              <Button variant="outline" size="small" onClick={() => setPendingDelete({ kind: 'one', message: opened })}>
                {t('inbox.delete')}
              </Button>
              <Button size="small" onClick={() => setOpened(null)}>
                {t('inbox.close')}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>

      <MessageDialog
        isOpen={pendingDelete !== null}
        tone="warning"
        title={pendingDelete?.kind === 'read' ? t('inbox.deleteReadTitle') : t('inbox.deleteTitle')}
        confirmLabel={t('inbox.delete')}
        cancelLabel={t('inbox.cancel')}
        onConfirm={onConfirmDelete}
        onCancel={() => setPendingDelete(null)}
        isBusy={deleteOne.isPending || deleteRead.isPending}
      >
        {pendingDelete?.kind === 'read' ? t('inbox.deleteReadText') : t('inbox.deleteText')}
      </MessageDialog>
    </div>
  );
}
