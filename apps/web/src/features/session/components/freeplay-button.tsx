import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/form-errors';
import { showToast } from '@/stores/toast-store';
import type { FeatureFlags } from '../utils/complete-login';
import { startFreeplaySession } from '../utils/start-freeplay-session';

interface FreeplayButtonProps {
  flags: FeatureFlags | undefined;
  onStarted?: () => void;
}

/** The login popup's free-play entry (FREEPLAY3). */
export function FreeplayButton({ flags, onStarted }: FreeplayButtonProps) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const freeplay = useMutation({ mutationFn: () => startFreeplaySession(queryClient, flags) });
  const start = () =>
    freeplay.mutate(undefined, {
      onSuccess: () => {
        showToast(t('freeplay.started'), 'info');
        onStarted?.();
      },
      onError: (error) => showToast(errorMessage(error, t('errors.unknown')), 'error'),
    });
  return (
    <Button variant="ghost" isBlock onClick={start} disabled={freeplay.isPending}>
      {freeplay.isPending ? <Spinner size={16} label={t('freeplay.starting')} /> : <Icon name="play" size={16} />}
      {t('freeplay.button')}
    </Button>
  );
}
