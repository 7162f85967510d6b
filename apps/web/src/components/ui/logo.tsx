import { useId } from 'react';
import blocks from './blocks.module.css';
import styles from './logo.module.css';

/** The brand name is a proper noun: it is the same in every language. */
export const BRAND_NAME = 'Kismat';

interface LogoProps {
  isCompact?: boolean;
  /** Icon only, for the collapsed side menu. */
  isMarkOnly?: boolean;
}

export function Logo({ isCompact = false, isMarkOnly = false }: LogoProps) {
  const gradientId = useId();
  const size = isCompact ? 30 : 36;
  return (
    <span className={[styles.logo, isCompact ? styles.compact : ''].join(' ')}>
      <svg className={styles.mark} width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffe49a" />
            <stop offset="0.45" stopColor="#f4c550" />
            <stop offset="1" stopColor="#c98a14" />
          </linearGradient>
        </defs>
        <path d="M20 2 36 11v18L20 38 4 29V11z" fill="#1b1650" stroke={`url(#${gradientId})`} strokeWidth="2.4" />
        <path d="M20 9l3.2 7.2L31 17l-5.8 5.2L27 30l-7-4-7 4 1.8-7.8L9 17l7.8-.8z" fill={`url(#${gradientId})`} />
      </svg>
      {isMarkOnly ? (
        <span className="visually-hidden">{BRAND_NAME}</span>
      ) : (
        <span className={`${blocks.goldText} ${styles.word}`}>{BRAND_NAME}</span>
      )}
    </span>
  );
}
