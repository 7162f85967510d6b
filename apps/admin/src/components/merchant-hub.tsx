import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import type { ReactNode } from 'react';
import { MerchantPicker, useMerchants } from './merchant-picker';
import { type SubTab, SubTabs, useHashSection } from './sub-tabs';

/** A section of a merchant hub: its link, and what it shows for the chosen merchant. */
export interface MerchantSection<Id extends string> extends SubTab<Id> {
  show: (code: string, me: OperatorMe) => ReactNode;
}

/**
 * A hub of one merchant's sections (content, loyalty, reports): the section links, the merchant
 * picker (after the title, when there is one), the merchants' load error, then the open section.
 */
export function MerchantHub<Id extends string>({
  me,
  page,
  label,
  title,
  testId,
  sections,
}: {
  me: OperatorMe;
  page: string;
  label: string;
  title?: string;
  testId?: string;
  sections: readonly MerchantSection<Id>[];
}) {
  const section = useHashSection(sections);
  const { merchants, code, choose, error } = useMerchants(me);
  const open = sections.find((item) => item.id === section);
  return (
    <div className="stack-page" data-testid={testId}>
      <SubTabs page={page} tabs={sections} current={section} label={label} />
      <div className="section-head">
        {title ? <h1>{title}</h1> : null}
        <MerchantPicker merchants={merchants} code={code} onChoose={choose} />
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      {code && open ? open.show(code, me) : null}
    </div>
  );
}
