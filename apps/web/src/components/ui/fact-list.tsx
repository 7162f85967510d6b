import type { ReactNode } from 'react';

export interface Fact {
  /** The term; also the row's key, so each label appears once in a list. */
  label: string;
  value: ReactNode;
  /** A class for the value alone (a monospaced hash, a win or a loss). */
  valueClassName?: string;
  /** The test id of the value, where a test reads it. */
  valueTestId?: string;
}

interface FactListProps {
  facts: readonly Fact[];
  className?: string;
  /** A class for each label/value box. */
  itemClassName?: string;
  'data-testid'?: string;
}

/** A definition list of label and value pairs, each pair in its own box (a div, which a dl allows). */
export function FactList({ facts, className, itemClassName, 'data-testid': testId }: FactListProps) {
  return (
    <dl className={className} data-testid={testId}>
      {facts.map((fact) => (
        <div key={fact.label} className={itemClassName}>
          <dt>{fact.label}</dt>
          <dd className={fact.valueClassName} data-testid={fact.valueTestId}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
