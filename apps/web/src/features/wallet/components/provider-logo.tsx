import styles from './provider-logo.module.css';

/**
 * The mark of an online payment provider on its deposit channel, so a member recognises the rail
 * they pay with (issue 22). Drawn here (no remote image): bKash's pink, its name in Latin and Bangla.
 */
export function ProviderLogo({ provider }: { provider: string | null | undefined }) {
  if (provider === 'nagad') return <NagadLogo />;
  if (provider !== 'bkash') return null;
  return (
    <span className={styles.logo} data-testid="provider-logo-bkash" role="img" aria-label="bKash">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M3 4l9 3-3 7z" fill="#fff" />
        <path d="M12 7l9-2-5 9z" fill="#fbd2e4" />
        <path d="M9 14l3-7 4 7-4 6z" fill="#fff" opacity="0.9" />
      </svg>
      <span className={styles.word}>bKash</span>
    </span>
  );
}

/** Nagad's mark: its red-orange, a flame-like swirl and its name in Latin and Bangla (drawn, no remote image). */
function NagadLogo() {
  return (
    <span className={`${styles.logo} ${styles.nagad}`} data-testid="provider-logo-nagad" role="img" aria-label="Nagad">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <circle cx="12" cy="12" r="8" fill="none" stroke="#fff" strokeWidth="3" />
        <path d="M12 4a8 8 0 0 1 8 8h-4a4 4 0 0 0-4-4z" fill="#ffd37a" />
      </svg>
      <span className={styles.word}>Nagad · নগদ</span>
    </span>
  );
}
