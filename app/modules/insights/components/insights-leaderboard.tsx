import type { Copy } from "~/lib/copy";
import { DataTable } from "~/ui/table";
import type { LeaderboardRow } from "../types";

const FIGURES = ["feedback_sent", "feedback_received", "feedback_requested", "praise_sent", "praise_received", "survey_submitted", "total"] as const;

/**
 * The leaderboard of a group's insights (002 §3 "Leaderboard row"): people by total, highest
 * first (leaderboardFrom). `profileHref` gives a person's profile where the viewer may open it;
 * without it the name stands alone.
 */
export function InsightsLeaderboard({
  words,
  rows,
  profileHref,
}: {
  words: Copy;
  rows: LeaderboardRow[];
  profileHref: ((userId: string) => string) | null;
}) {
  const t = words.insights;
  const c = t.leaderboardColumns;
  if (rows.length === 0) return <p className="text-sm text-slate-500">{t.noLeaderboard}</p>;
  return (
    <DataTable
      label={t.leaderboard}
      naming="caption"
      flat
      columns={[c.name, ...FIGURES.map((key) => ({ label: c[key], align: "right" as const }))]}
      tableProps={{ "data-leaderboard": true }}
    >
      {rows.map((row) => (
        <tr key={row.userId} data-leaderboard-user={row.userId}>
          <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
            <span className="flex flex-wrap items-center gap-x-3">
              <span data-name>{row.user_name}</span>
              {profileHref ? (
                <a href={profileHref(row.userId)} className="text-sm font-semibold text-indigo-700 hover:underline" aria-label={`${t.view} ${row.user_name}`}>
                  {t.view}
                </a>
              ) : null}
            </span>
          </th>
          {FIGURES.map((key) => (
            <td key={key} className="px-3 py-2 text-right tabular-nums text-slate-700" data-col={key}>
              {row[key]}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
