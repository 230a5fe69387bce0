/** A row of tabs (role=tablist); the caller renders the selected panel. */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: ReadonlyArray<{ id: T; title: string }>;
  selected: T;
  onSelect: (id: T) => void;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map(({ id, title }) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={selected === id}
          className={`tabs__tab${selected === id ? ' tabs__tab--active' : ''}`}
          onClick={() => onSelect(id)}
        >
          {title}
        </button>
      ))}
    </div>
  );
}
