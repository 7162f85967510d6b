import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/form-errors';
import { openLoginModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { useRgOverview } from '../api/get-overview';
import { BreakPanel } from '../components/break-panel';
import { HelpPanel } from '../components/help-panel';
import { HistoryPanel } from '../components/history-panel';
import { LimitsPanel } from '../components/limits-panel';
import { RealityCheckPanel } from '../components/reality-check-panel';
import { ReviewBanner } from '../components/review-banner';
import styles from '../components/safer.module.css';

const SECTIONS = ['limits', 'reality-check', 'break', 'history', 'help'] as const;
const SECTION_KEYS = { limits: 'limits', 'reality-check': 'realityCheck', break: 'break', history: 'history', help: 'help' } as const;

function Section({ id, title, children }: { id: (typeof SECTIONS)[number]; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The member's own tools; a visitor (or trial player) sees the help and is asked to log in. */
function MemberTools() {
  const { t } = useTranslation('safer');
  const overview = useRgOverview();
  if (overview.isPending) return <Spinner isCentered label={t('loading')} />;
  if (overview.isError) {
    return (
      <EmptyState
        icon="alert"
        title={t('loadFailed')}
        text={errorMessage(overview.error, t('loadFailed'))}
        actions={
          <Button variant="ghost" onClick={() => void overview.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const data = overview.data;
  return (
    <>
      {data.reviewDue ? <ReviewBanner /> : null}
      <Section id="limits" title={t('sections.limits')}>
        <p className={styles.intro}>{t('limits.intro')}</p>
        <LimitsPanel overview={data} />
      </Section>
      <Section id="reality-check" title={t('sections.realityCheck')}>
        <p className={styles.intro}>{t('realityCheck.intro')}</p>
        <RealityCheckPanel minutes={data.realityCheckMinutes} />
      </Section>
      <Section id="break" title={t('sections.break')}>
        <BreakPanel exclusion={data.exclusion} />
      </Section>
      <Section id="history" title={t('sections.history')}>
        <HistoryPanel />
      </Section>
    </>
  );
}

/** /responsible-gambling: limits, reality check, time-out and self-exclusion, history, help (issue 17). */
export function SaferGamblingRoute() {
  const { t } = useTranslation('safer');
  const { t: tShell } = useTranslation();
  const isMember = useSessionStore((state) => state.isLogin && !state.isTrial);
  const sections = isMember ? SECTIONS : (['help'] as const);
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')} icon="shield">
      <div className={styles.page}>
        {sections.length > 1 ? (
          <nav className={styles.sectionNav} aria-label={t('sections.label')}>
            {sections.map((id) => (
              <a key={id} href={`#${id}`}>
                {t(`sections.${SECTION_KEYS[id]}`)}
              </a>
            ))}
          </nav>
        ) : null}
        {isMember ? (
          <MemberTools />
        ) : (
          <div className={styles.banner}>
            <p>{tShell('saferGambling.hint')}</p>
            <div className={styles.actions}>
              <Button size="small" onClick={() => openLoginModal()}>
                {tShell('header.login')}
              </Button>
            </div>
          </div>
        )}
        <Section id="help" title={t('sections.help')}>
          <HelpPanel />
        </Section>
      </div>
    </PageFrame>
  );
}
