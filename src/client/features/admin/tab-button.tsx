/** One tab of a tab list; `id` and `controls` tie it to its panel where the list has one. */
export function TabButton({
  label,
  selected,
  id,
  controls,
  onSelect,
}: {
  label: string;
  selected: boolean;
  id?: string;
  controls?: string;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="tab"
      id={id}
      aria-selected={selected}
      aria-controls={controls}
      className={`adm-tab ${selected ? 'is-active' : ''}`}
      onClick={onSelect}
    >
      {label}
    </button>
  );
}
