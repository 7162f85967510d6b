import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Icon } from '@/components/ui/icon';
import { fromQuery } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import { ANNOUNCEMENT_PAGE_SIZE, useAgentAnnouncements } from '../api/get-announcements';
import styles from './agent-pages.module.css';
import { Pager } from './pager';
import { QueryState } from './query-state';

/** agentAnnouncement: titles on the left, the selected announcement's HTML (sanitised) on the right. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const announcements = useAgentAnnouncements(pageNo);
  const items = announcements.data?.items ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  return (
    <section className={styles.card}>
      <QueryState {...fromQuery(announcements)} isEmpty={items.length === 0} emptyTitle={t('agentCentre.announcements.empty')}>
        <div className={styles.announcements}>
          <div>
            <ul className={`${blocks.stackList} ${styles.announcementList}`}>
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={styles.announcementItem}
                    aria-current={item.id === selected?.id}
                    onClick={() => setSelectedId(item.id)}
                  >
                    <strong>
                      {item.isPinned ? <Icon name="star" size={12} /> : null} {item.title}
                    </strong>
                    <span className={styles.muted}>{formatDateTime(item.publishedAt, language)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {announcements.data ? (
              <Pager pageNo={pageNo} pageSize={ANNOUNCEMENT_PAGE_SIZE} total={announcements.data.total} onChange={setPageNo} />
            ) : null}
          </div>
          {selected ? (
            <article>
              <h2 className={styles.cardTitle}>{selected.title}</h2>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify right here */}
              <div className={styles.announcementBody} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(selected.content) }} />
            </article>
          ) : null}
        </div>
      </QueryState>
    </section>
  );
}
