import type { RgUnit } from '@kismat/contracts/responsible-gambling';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/lib/format-money';
import { splitMinutes } from './limit-form';

/** Formats limit values: money in the member's language, minutes as "1 h 30 min". */
export function useRgFormat() {
  const { t } = useTranslation('safer');
  const money = useFormatMoney();
  const minutes = (total: number) => {
    const { hours, minutes: rest } = splitMinutes(total);
    if (hours === 0) return t('duration.minutes', { minutes: rest });
    return rest === 0 ? t('duration.hours', { hours }) : t('duration.hoursMinutes', { hours, minutes: rest });
  };
  const value = (unit: RgUnit, text: string | null) => {
    if (text === null) return t('history.none');
    return unit === 'MINUTES' ? minutes(Number(text)) : money(text);
  };
  /** Time left until `targetMs` as "2 d 3 h", "5 h 12 min" or "4 min" (rounded up to the minute). */
  const timeLeft = (targetMs: number, nowMs: number) => {
    const totalMinutes = Math.max(0, Math.ceil((targetMs - nowMs) / 60_000));
    if (totalMinutes >= 48 * 60) {
      const days = Math.floor(totalMinutes / (24 * 60));
      return t('duration.daysHours', { days, hours: Math.floor((totalMinutes - days * 24 * 60) / 60) });
    }
    return minutes(totalMinutes);
  };
  return { value, minutes, timeLeft };
}
