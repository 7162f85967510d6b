import { useState } from 'react';

/**
 * An on/off switch (a checkbox with role switch): label for screen readers, optional visible
 * text. It shows the new position at once while the change is saved; when the change settles
 * it shows what the server answered (a refused change springs back).
 */
export function Switch({
  label,
  checked,
  disabled,
  onChange,
  text,
  tone = 'on',
}: {
  label: string;
  checked: boolean;
  disabled?: boolean | undefined;
  onChange: (checked: boolean) => Promise<unknown> | undefined;
  /** Visible text beside the switch for each position. */
  text?: readonly [on: string, off: string] | undefined;
  /** 'warn' colours the on state amber (maintenance), 'on' green. */
  tone?: 'on' | 'warn';
}) {
  const [pending, setPending] = useState<boolean | null>(null);
  const shown = pending ?? checked;
  return (
    <label className={`switch switch-${tone}`}>
      <input
        type="checkbox"
        role="switch"
        aria-label={label}
        aria-checked={shown}
        checked={shown}
        disabled={disabled || pending !== null}
        onChange={(event) => {
          const next = event.target.checked;
          setPending(next);
          void Promise.resolve(onChange(next)).finally(() => setPending(null));
        }}
      />
      <span className="switch-track" aria-hidden="true" />
      {text ? <span className="switch-text">{shown ? text[0] : text[1]}</span> : null}
    </label>
  );
}
