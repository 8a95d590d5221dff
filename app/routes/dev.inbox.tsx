import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireViewer } from "~/modules/auth/session.server";
import { buttonClass, ButtonLink } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DENSITY, Table } from "~/ui/table";
import { deliveryErrorCode } from "~/modules/notifications/failures";
import { listInbox } from "~/modules/notifications/inbox.server";
import { NOTIFICATION_KIND_LABELS, isNotificationKind } from "~/modules/notifications/kinds";

export const meta: MetaFunction = () => [{ title: "Demo inbox" }];

const InboxSearch = z.object({
  mine: z.literal("1").optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/**
 * The demo inbox: every message the outbox holds for the viewer's company, so a demo without a
 * chat tool still sees what would have been sent. Exists only with DEV_SIGN_IN=true.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.config.devSignIn) throw new Response("Not Found", { status: 404 });
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const search = InboxSearch.parse({ mine: url.searchParams.get("mine") ?? undefined, page: url.searchParams.get("page") ?? undefined });
  const onlyMine = search.mine === "1";
  const inbox = await listInbox(context.db, {
    companyId: viewer.company.id,
    recipientUserId: onlyMine ? viewer.user.id : null,
    page: search.page,
  });
  return data(
    {
      companyName: viewer.company.name,
      onlyMine,
      page: inbox.page,
      hasNextPage: inbox.hasNextPage,
      messages: inbox.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    },
    { headers: { "Cache-Control": "no-store" } }
  );
}

const CHANNEL_LABELS: Record<string, string> = { slack: "Slack", msteams: "Microsoft Teams", email: "E-mail" };

const STATUS_STYLES: Record<string, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-600/20",
  sending: "bg-sky-50 text-sky-800 ring-sky-600/20",
  sent: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  failed: "bg-rose-50 text-rose-800 ring-rose-600/20",
  digested: "bg-slate-50 text-slate-700 ring-slate-600/20",
};

/** Server and browser render the same text, so no hydration mismatch from locales or zones. */
function formatCreatedAt(iso: string) {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Only in-app paths and web URLs become links; anything else is shown as text. */
function safeHref(link: string) {
  return link.startsWith("/") || /^https?:\/\//i.test(link) ? link : null;
}

function pageHref(page: number, onlyMine: boolean) {
  const params = new URLSearchParams();
  if (onlyMine) params.set("mine", "1");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/dev/inbox?${query}` : "/dev/inbox";
}

/** A daily digest's reminders, each with its own link. */
function DigestItems({ items }: { items: Array<{ kind: string; subject: string; body: string; link: string | null }> }) {
  return (
    <ol className="mt-2 list-decimal space-y-1 pl-5" aria-label="Reminders in this message">
      {items.map((item, i) => {
        const href = item.link ? safeHref(item.link) : null;
        return (
          <li key={i}>
            <span className="font-medium text-slate-900">{item.subject}</span>
            {` (${isNotificationKind(item.kind) ? NOTIFICATION_KIND_LABELS[item.kind] : item.kind}): ${item.body}`}
            {href ? (
              <>
                {" "}
                <a href={href} className="text-indigo-600 underline hover:text-indigo-500">
                  {item.link}
                </a>
              </>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

const COLUMNS = ["Recipient", "Channel", "Kind", "Subject", "Message", "Link", "Status", "Created at"];

export default function DevInbox() {
  const { companyName, onlyMine, page, hasNextPage, messages } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto min-h-full max-w-7xl px-4 py-6 sm:px-6">
      <PageHeader
        title="Demo inbox"
        description={`Every message sent to people at ${companyName}. Without a chat connection, messages are kept here.`}
        actions={
          <ButtonLink to="/" variant="secondary">
            Go back home
          </ButtonLink>
        }
      />
      <Form method="get" className="mb-4 flex items-center gap-3" aria-label="Filter messages">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="mine"
            value="1"
            defaultChecked={onlyMine}
            className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
          />
          Only mine
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Apply
        </button>
      </Form>

      {messages.length === 0 ? (
        <EmptyState title="No messages yet." />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <Table
            className="min-w-full divide-y divide-slate-200 text-left text-sm"
            caption="Messages, newest first"
            header="capsStrong"
            columnClassName={DENSITY.normal}
            columns={COLUMNS}
            bodyClassName="divide-y divide-slate-100 align-top"
          >
            {messages.map((m) => {
              const href = m.link ? safeHref(m.link) : null;
              const errorCode = m.status === "failed" ? deliveryErrorCode(m.error) : null;
              return (
                <tr key={m.id}>
                  <td className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">{m.recipientName ?? m.recipientUserId}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{CHANNEL_LABELS[m.channel] ?? m.channel}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {isNotificationKind(m.kind) ? NOTIFICATION_KIND_LABELS[m.kind] : m.kind}
                  </td>
                  <td className="px-3 py-2 text-slate-900">{m.subject}</td>
                  <td className="max-w-md px-3 py-2 whitespace-pre-line text-slate-700">
                    {m.body}
                    {m.items && m.items.length > 0 ? <DigestItems items={m.items} /> : null}
                  </td>
                  <td className="px-3 py-2">
                    {href ? (
                      <a href={href} className="text-indigo-600 underline hover:text-indigo-500">
                        {m.link}
                      </a>
                    ) : (
                      m.link ?? ""
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <span
                      className={`inline-flex rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
                        STATUS_STYLES[m.status] ?? ""
                      }`}
                    >
                      {m.status}
                    </span>
                    {errorCode ? <span className="mt-1 block text-xs text-rose-700">{errorCode}</span> : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                    <time dateTime={m.createdAt}>{formatCreatedAt(m.createdAt)}</time>
                  </td>
                </tr>
              );
            })}
          </Table>
        </div>
      )}

      {page > 1 || hasNextPage ? (
        <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={pageHref(page - 1, onlyMine)} className="font-semibold text-indigo-600 hover:text-indigo-500">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">Page {page}</span>
          {hasNextPage ? (
            <Link to={pageHref(page + 1, onlyMine)} className="font-semibold text-indigo-600 hover:text-indigo-500">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </main>
  );
}
