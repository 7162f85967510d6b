import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'gold' | 'purple' | 'outline' | 'ghost';
export type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  isBlock?: boolean;
  isIconOnly?: boolean;
  className?: string;
}

/** Button classes, shared with links that must look like buttons (a link stays a link). */
export function buttonClassName({ variant = 'gold', size = 'medium', isBlock, isIconOnly, className }: ButtonStyleOptions = {}): string {
  return [
    styles.button,
    styles[variant],
    size === 'medium' ? '' : styles[size],
    isBlock ? styles.block : '',
    isIconOnly ? styles.iconOnly : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Omit<ButtonStyleOptions, 'className'> {
  children: ReactNode;
}

export function Button({ variant, size, isBlock, isIconOnly, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, isBlock, isIconOnly, className })} {...rest}>
      {children}
    </button>
  );
}
