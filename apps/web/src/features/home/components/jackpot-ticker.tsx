import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { pickJackpotDelay, pickJackpotStart, pickJackpotStep } from '../utils/jackpot';
import styles from './jackpot-ticker.module.css';

const DIGITS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, numberingSystem: 'latn' });

/** The jackpot roll number: a random start, then 100 to 500 more every 3, 4 or 5 seconds. */
export function JackpotTicker({ random = Math.random }: { random?: () => number }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(() => pickJackpotStart(random));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        // A hidden tab is not re-rendered for a number nobody sees.
        if (!document.hidden) setAmount((current) => current + pickJackpotStep(random));
        schedule();
      }, pickJackpotDelay(random));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [random]);

  const text = DIGITS.format(amount);
  return (
    <section className={styles.jackpot} aria-labelledby="home-jackpot-title">
      <div className={styles.label}>
        <Icon name="crown" size={22} />
        <h2 id="home-jackpot-title" className={styles.title}>
          {t('home.jackpot.title')}
        </h2>
      </div>
      <output className={styles.amount} data-testid="jackpot-amount" aria-live="off">
        {text.split('').map((char, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: digit positions are the identity.
          <span key={index} className={char === ',' ? styles.separator : styles.digit}>
            {char}
          </span>
        ))}
      </output>
      <span className={styles.note}>{t('home.jackpot.note')}</span>
    </section>
  );
}
