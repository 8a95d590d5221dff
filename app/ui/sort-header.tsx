/**
 * A sortable column header: a plain link to the list sorted by this column (the next direction),
 * with aria-sort on the active one. Plain `<a>`: long lists route it through Remix with one
 * delegated handler (app/ui/client-navigation.ts), and it works without JavaScript.
 */
export function SortHeader({ label, active, dir, href }: { label: string; active: boolean; dir: "asc" | "desc"; href: string }) {
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
      className="px-3 py-2 text-left font-semibold"
    >
      <a href={href} className="hover:text-indigo-700">
        {label}
        {active ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
      </a>
    </th>
  );
}
