import './money-ui.css';

/** A titled list of warnings shown before a member sends money. */
export function NoticeBox({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section className="notice-box" aria-label={title}>
      <h2 className="notice-box-title">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
