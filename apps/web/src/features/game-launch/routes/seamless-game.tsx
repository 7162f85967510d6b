import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { type LaunchGameValue, launchGame } from '../api/launch-game';
import styles from './seamless-game.module.css';

function isLaunchValue(value: unknown): value is LaunchGameValue {
  return typeof value === 'object' && value !== null && typeof (value as LaunchGameValue).url === 'string';
}

/**
 * /seamless: the launched game in the in-page frame (no side menu). The launch arrives in the
 * navigation state; a reload launches the same game again from the query (tokens are single-use).
 */
export function SeamlessGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const language = useLanguage();
  const [searchParams] = useSearchParams();
  const stateLaunch = (location.state as { launch?: unknown } | null)?.launch;
  const [launch, setLaunch] = useState<LaunchGameValue | null>(isLaunchValue(stateLaunch) ? stateLaunch : null);
  const [error, setError] = useState<string | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const onExitRef = useRef(onExit);
  onExitRef.current = onExit;
  const nodeId = Number(searchParams.get('nodeId'));
  const hasRelaunched = useRef(false);

  useEffect(() => {
    if (isLaunchValue(stateLaunch)) setLaunch(stateLaunch);
  }, [stateLaunch]);

  useEffect(() => {
    if (launch || hasRelaunched.current || !Number.isInteger(nodeId) || nodeId <= 0) return;
    hasRelaunched.current = true;
    launchGame({ nodeId }, language).then(setLaunch, (reason: unknown) =>
      setError(reason instanceof ApiError ? reason.message : t('games.launch.failed')),
    );
  }, [launch, nodeId, language, t]);

  // Leaving the game: the balance in the header is refreshed.
  useEffect(() => () => onExitRef.current(), []);

  if (error || (!launch && !(nodeId > 0))) {
    return (
      <div className={styles.page}>
        <EmptyState
          icon="gamepad"
          title={error ? t('games.launch.failedTitle') : t('games.seamless.emptyTitle')}
          text={error ?? t('games.seamless.emptyText')}
          actions={
            <Link to={paths.home.getHref()} className={buttonClassName({ variant: 'outline' })}>
              {t('games.seamless.back')}
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <Button variant="ghost" size="small" onClick={() => void navigate(-1)}>
          <Icon name="chevronLeft" size={16} />
          {t('games.seamless.back')}
        </Button>
        <h1 className={styles.title}>{launch?.gameName ?? t('common.loading')}</h1>
        {launch?.isDemo ? <span className={styles.demo}>{t('games.launch.demoBadge')}</span> : null}
        <Button
          variant="ghost"
          size="small"
          isIconOnly
          aria-label={t('games.seamless.fullscreen')}
          title={t('games.seamless.fullscreen')}
          onClick={() => void frameRef.current?.requestFullscreen?.()}
        >
          <Icon name="external" size={16} />
        </Button>
      </div>
      <div className={styles.stage}>
        {launch ? (
          <iframe
            ref={frameRef}
            className={styles.frame}
            src={launch.url}
            title={launch.gameName}
            allow="autoplay; fullscreen; clipboard-write"
            data-testid="seamless-frame"
          />
        ) : (
          <Spinner label={t('common.loading')} isCentered />
        )}
      </div>
    </div>
  );
}
