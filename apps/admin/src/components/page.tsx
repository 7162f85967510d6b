import type { ReactNode } from 'react';

/** A back-office page: a section named by its heading, `actions` beside the heading, then the content. */
export function Page({
  id,
  title,
  actions,
  className,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} className={className} data-testid={testId}>
      <div className="section-head">
        <h1 id={titleId}>{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
