import type { GameItem } from '@kismat/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { MessageDialog } from '@/components/ui/message-dialog';
import { useLaunchStore } from '../utils/launch-store';
import styles from './game-launch-host.module.css';

interface GameLaunchHostProps {
  /** Called when the game popup closes: the app refreshes the balance. */
  onGameExit: () => void;
  onPlaySuggestion: (game: GameItem) => void;
}

/** The game popup (iframe in the generic dialog) and launch refusals: maintenance, popup blocked, failure. */
export function GameLaunchHost({ onGameExit, onPlaySuggestion }: GameLaunchHostProps) {
  const { t } = useTranslation();
  const popup = useLaunchStore((state) => state.popup);
  const notice = useLaunchStore((state) => state.notice);
  const closePopup = useLaunchStore((state) => state.closePopup);
  const closeNotice = useLaunchStore((state) => state.closeNotice);

  return (
    <>
      {popup ? (
        <Dialog
          isOpen
          onClose={() => {
            closePopup();
            onGameExit();
          }}
          title={popup.title}
          width="min(1100px, 96vw)"
          height="min(720px, 86dvh)"
          className={styles.popup}
        >
          {popup.isFunMode ? (
            <p className={styles.fun} data-testid="game-popup-fun">
              {t('games.launch.funNotice')}
            </p>
          ) : popup.isDemo ? (
            <p className={styles.demo}>{t('games.launch.demoNotice')}</p>
          ) : null}
          <iframe
            className={styles.frame}
            src={popup.url}
            title={popup.title}
            allow="autoplay; fullscreen; clipboard-write"
            data-testid="game-popup-frame"
          />
        </Dialog>
      ) : null}
      {notice ? (
        <MessageDialog
          isOpen
          title={
            notice.kind === 'maintenance'
              ? t('games.launch.maintenanceTitle')
              : notice.kind === 'blocked'
                ? t('games.launch.blockedTitle')
                : notice.kind === 'noTrial'
                  ? t('games.launch.noTrialTitle')
                  : t('games.launch.failedTitle')
          }
          tone="warning"
          confirmLabel={t('games.launch.ok')}
          onConfirm={closeNotice}
        >
          <p className={styles.text}>
            {notice.kind === 'maintenance'
              ? t('games.launch.maintenanceText', { name: notice.gameName })
              : notice.kind === 'blocked'
                ? t('games.launch.blockedText')
                : (notice.message ?? t('games.launch.failed'))}
          </p>
          {notice.suggestions.length > 0 ? (
            <>
              <p className={styles.suggestTitle}>{t('games.launch.suggestions')}</p>
              <ul className={styles.suggestions}>
                {notice.suggestions.slice(0, 4).map((game) => (
                  <li key={game.nodeId}>
                    <img src={game.iconUrl} alt="" width={48} height={48} loading="lazy" />
                    <span>{game.displayName}</span>
                    <Button
                      size="small"
                      onClick={() => {
                        closeNotice();
                        onPlaySuggestion(game);
                      }}
                    >
                      {t('games.tile.play')}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </MessageDialog>
      ) : null}
    </>
  );
}
