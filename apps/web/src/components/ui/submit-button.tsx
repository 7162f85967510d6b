import type { ReactNode } from 'react';
import { Button, type ButtonSize } from './button';
import { Spinner } from './spinner';

interface SubmitButtonProps {
  /** Disables the button and shows a spinner (labelled `busyLabel` for screen readers) while true. */
  isBusy: boolean;
  busyLabel: string;
  /** Shown before the label while not busy. */
  icon?: ReactNode;
  size?: ButtonSize;
  children: ReactNode;
}

/** A form's full-width submit button. */
export function SubmitButton({ isBusy, busyLabel, icon = null, size = 'large', children }: SubmitButtonProps) {
  return (
    <Button type="submit" size={size} isBlock disabled={isBusy}>
      {isBusy ? <Spinner size={size === 'large' ? 18 : 16} label={busyLabel} /> : icon}
      {children}
    </Button>
  );
}
