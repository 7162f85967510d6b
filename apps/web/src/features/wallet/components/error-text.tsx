import { ApiError } from '@/lib/api-client';
import styles from './wallet.module.css';

/** A failed call's message as the server wrote it (already in the user's language). */
export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof ApiError ? error.message : String(error);
  return (
    <p className={styles.error} role="alert">
      {text}
    </p>
  );
}
