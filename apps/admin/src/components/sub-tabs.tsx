import { useEffect, useState } from 'react';

export interface SubTab<Id extends string> {
  id: Id;
  label: string;
}

function sectionFromHash<Id extends string>(tabs: readonly SubTab<Id>[]): Id {
  const id = window.location.hash.replace(/^#\/?/, '').split('/')[1] ?? '';
  const found = tabs.find((tab) => tab.id === id);
  return (found ?? tabs[0])?.id as Id;
}

/** The open section of a hub page (`#/<page>/<section>`, else the first), following the hash. */
export function useHashSection<Id extends string>(tabs: readonly SubTab<Id>[]): Id {
  const [section, setSection] = useState<Id>(() => sectionFromHash(tabs));
  useEffect(() => {
    const onHash = () => setSection(sectionFromHash(tabs));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [tabs]);
  return section;
}

/** A hub page's section links (`#/<page>/<section>`), the open one marked as the current page. */
export function SubTabs<Id extends string>({
  page,
  tabs,
  current,
  label,
}: {
  page: string;
  tabs: readonly SubTab<Id>[];
  current: Id;
  label: string;
}) {
  return (
    <nav className="tabs sub-tabs" aria-label={label}>
      {tabs.map((item) => (
        <a key={item.id} href={`#/${page}/${item.id}`} className="tab" aria-current={item.id === current ? 'page' : undefined}>
          {item.label}
        </a>
      ))}
    </nav>
  );
}
