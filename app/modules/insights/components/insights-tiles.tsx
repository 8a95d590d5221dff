import type { GroupOverview, PersonalOverview } from "../types";

/**
 * The overview's stat tiles: a list, each tile its name and figure; `data-stat` names the
 * overview's field (002 §3) so a tile can be found whatever its wording.
 */
export function StatTiles<K extends string>({
  label,
  fields,
  names,
  overview,
}: {
  label: string;
  fields: readonly K[];
  names: Record<K, string>;
  overview: Record<K, number>;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-insights-tiles>
      {fields.map((field) => (
        <li key={field} data-stat={field} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <span className="block text-xs font-medium text-slate-600">{names[field]}</span>
          <span className="mt-1 block text-2xl font-semibold tabular-nums text-slate-900" data-value>
            {overview[field].toLocaleString("en-US")}
          </span>
        </li>
      ))}
    </ul>
  );
}

export type AnyOverview = PersonalOverview | GroupOverview;
