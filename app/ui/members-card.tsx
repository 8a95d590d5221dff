import { Link } from "@remix-run/react";
import { Avatar } from "./avatar";
import { EmptyState } from "./empty-state";

export interface MembersCardMember {
  id: string;
  name: string;
  title: string | null;
  imageUrl: string | null;
  isTeamAdmin: boolean;
}

/**
 * The members card of 002 §2.6: one row per member with a View link to
 * {detailsPath}/{userId}; "A member's title shows Admin if isTeamAdmin". Pages with ?page=N
 * links (server-side pagination), so it works without JavaScript. `actions` renders extra
 * controls per row (the group detail page's member/admin forms).
 */
export function MembersCard({
  title,
  members,
  detailsPath,
  page,
  pageCount,
  total,
  emptyText,
  viewLabel = "View",
  actions,
}: {
  title: string;
  members: MembersCardMember[];
  detailsPath?: string;
  page: number;
  pageCount: number;
  total: number;
  emptyText: string;
  viewLabel?: string;
  actions?: (member: MembersCardMember) => React.ReactNode;
}) {
  const headingId = `members-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <span className="text-sm text-slate-500">{total}</span>
      </div>
      {members.length === 0 ? (
        <div className="p-5">
          <EmptyState icon="users" title={emptyText} />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" data-members>
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 px-5 py-3" data-member-id={member.id}>
              <Avatar name={member.name} imageUrl={member.imageUrl} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900" data-member-name>
                  {member.name}
                </p>
                <p className="truncate text-xs text-slate-500" data-member-title>
                  {member.isTeamAdmin ? "Admin" : (member.title ?? "")}
                </p>
              </div>
              {actions ? actions(member) : null}
              {detailsPath ? (
                <Link
                  to={`${detailsPath}/${encodeURIComponent(member.id)}`}
                  className="text-sm font-semibold text-indigo-700 hover:underline"
                  aria-label={`${viewLabel} ${member.name}`}
                  data-member-view
                >
                  {viewLabel}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="flex items-center justify-between border-t border-slate-100 px-5 py-3 text-sm">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className="font-medium text-indigo-700 hover:underline" rel="prev">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-500">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className="font-medium text-indigo-700 hover:underline" rel="next">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
