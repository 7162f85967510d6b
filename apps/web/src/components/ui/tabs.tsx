import { type KeyboardEvent, useId, useRef } from 'react';
import styles from './tabs.module.css';

export interface TabItem<Value extends string> {
  value: Value;
  label: string;
}

interface TabsProps<Value extends string> {
  items: readonly TabItem<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  label: string;
  /** Id prefix of the panels, so each tab can name the panel it controls. */
  panelIdPrefix?: string;
}

/** WAI-ARIA tabs: arrow keys move between tabs, only the selected tab is in the tab order. */
export function Tabs<Value extends string>({ items, value, onChange, label, panelIdPrefix }: TabsProps<Value>) {
  const fallbackPrefix = useId();
  const prefix = panelIdPrefix ?? fallbackPrefix;
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onChange(target.value);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div ref={listRef} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const isSelected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={`${prefix}-tab-${item.value}`}
            aria-selected={isSelected}
            aria-controls={`${prefix}-panel-${item.value}`}
            tabIndex={isSelected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props of the panel a tab controls. */
export function tabPanelProps(prefix: string, value: string) {
  return { role: 'tabpanel', id: `${prefix}-panel-${value}`, 'aria-labelledby': `${prefix}-tab-${value}` } as const;
}
