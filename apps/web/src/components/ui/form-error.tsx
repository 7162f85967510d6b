import styles from './form-layout.module.css';

/** The message of a failed submit that no single field owns; announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  ) : null;
}
