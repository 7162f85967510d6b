import { type ReactNode, useId } from 'react';
import styles from '@/components/ui/form-layout.module.css';
import { type TabItem, Tabs, tabPanelProps } from '@/components/ui/tabs';

interface AccountFormTabsProps<Value extends string> {
  items: readonly TabItem<Value>[];
  value: Value;
  /** A tab was chosen: the form switches to it and drops the other tab's messages. */
  onChange: (value: Value) => void;
  label: string;
  children: ReactNode;
}

/**
 * An account form's way-in tabs (login, register, forgot password: by username, mobile or
 * e-mail) over the panel of the chosen tab's fields; the tab list is left out when there is
 * only one way in, and the panel keeps its tabpanel role and id either way.
 */
export function AccountFormTabs<Value extends string>({ items, value, onChange, label, children }: AccountFormTabsProps<Value>) {
  const panelPrefix = useId();
  return (
    <>
      {items.length > 1 ? <Tabs items={items} value={value} onChange={onChange} label={label} panelIdPrefix={panelPrefix} /> : null}
      <div className={styles.fields} {...tabPanelProps(panelPrefix, value)}>
        {children}
      </div>
    </>
  );
}
