import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

interface TabsProps<T extends string> {
  label: string;
  tabs: ReadonlyArray<{ id: T; title: string }>;
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * Tabs as the ARIA pattern has them: a labelled tablist, the selected tab the only one in the Tab
 * order, arrow keys (and Home/End) move between tabs and select, the panel labelled by its tab.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: T) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (e: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const step: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = step[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const index = (target + tabs.length) % tabs.length;
    onSelect(tabs[index]!.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
  };

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map(({ id, title }) => (
          <button
            key={id}
            id={tabId(id)}
            type="button"
            role="tab"
            aria-selected={selected === id}
            aria-controls={selected === id ? panelId : undefined}
            tabIndex={selected === id ? 0 : -1}
            className={`tabs__tab${selected === id ? ' tabs__tab--active' : ''}`}
            onClick={() => onSelect(id)}
          >
            {title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className="tabs__panel">
        {children}
      </div>
    </>
  );
}
