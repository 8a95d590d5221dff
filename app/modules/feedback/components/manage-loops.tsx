import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { SortHeader } from "~/ui/sort-header";
import { DataTable } from "~/ui/table";
import { sharedCopy } from "~/lib/copy";
import type { LoopState } from "../loop-types";

/** The page of /workflows/manage-feedback-loops; its route's loader gives `ManageLoopsData`. */

export interface ManageLoopsData {
  query: { sort: string; dir: "asc" | "desc" };
  platform: "slack" | "msteams";
  rows: Array<{
    id: string;
    libraryLoopId: string;
    templateType: string;
    title: string;
    templateName: string;
    audienceName: string | null;
    frequency: string;
    createdAt: number;
    scheduledAt: number;
    createdBy: string | null;
    completion: number;
    state: LoopState;
  }>;
}

export type ManageLoopsAction = { confirm: { loopId: string; title: string; requestId: string } };

const PATH = "/workflows/manage-feedback-loops";
const STATE_LABELS: Record<LoopState, string> = { scheduled: "Scheduled", live: "Live", ended: "Ended" };
const STATE_TONES: Record<LoopState, string> = {
  scheduled: "bg-amber-50 text-amber-800 ring-amber-200",
  live: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  ended: "bg-slate-100 text-slate-700 ring-slate-200",
};

export const loopTime = (ms: number) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(ms)) + " UTC";

export function LoopStateBadge({ state }: { state: LoopState }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATE_TONES[state]}`} data-state={state}>
      {STATE_LABELS[state]}
    </span>
  );
}

export const managePath = (loopId: string) => `${PATH}/${encodeURIComponent(loopId)}`;
const configPath = (templateType: string, libraryLoopId: string) =>
  `/workflows/library/${encodeURIComponent(templateType)}/${encodeURIComponent(libraryLoopId)}/config`;

export function ManageLoopsPage() {
  const { query, rows, platform } = useLoaderData<ManageLoopsData>();
  const actionData = useActionData<ManageLoopsAction>();
  const busy = useNavigation().state === "submitting";
  const audienceKey = platform === "slack" ? "channel.name" : "workspace.name";
  const sortable = (label: string, key: string) => {
    const active = query.sort === key;
    const dir = active && query.dir === "asc" ? "desc" : "asc";
    return <SortHeader key={key} label={label} active={active} dir={active ? query.dir : "asc"} href={`${PATH}?sort=${encodeURIComponent(key)}&dir=${dir}`} />;
  };
  return (
    <>
      <PageHeader title="Manage Feedback Loops" />
      {actionData?.confirm ? (
        <ConfirmPanel
          id="confirm-delete"
          title={`Delete the feedback loop ${actionData.confirm.title}?`}
          fields={{ intent: "delete", loopId: actionData.confirm.loopId, confirmed: "true", requestId: actionData.confirm.requestId }}
          cancelTo={PATH}
          confirmLabel="Delete"
        >
          <p>Its runs and their pending pairs are removed. Feedback already given stays with the people who received it.</p>
        </ConfirmPanel>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState icon="surveys" title={sharedCopy.noFeedbackLoopDetails} />
      ) : (
        <DataTable
          label="Feedback loops"
          dataRows
          actions
          columns={[
            sortable("Title", "title"),
            sortable("Template", "templateName"),
            sortable("Audience", audienceKey),
            sortable("Frequency", "frequency"),
            sortable("Created", "createdAt"),
            sortable("Scheduled", "scheduledAt"),
            sortable("Created By", "createdBy.name"),
            sortable("Completion (%)", "completion"),
            "State",
          ]}
        >
          {rows.map((r) => (
            <tr key={r.id} data-loop-id={r.id}>
              <td className="font-medium text-slate-900">
                <Link to={managePath(r.id)} className="hover:text-indigo-700">
                  {r.title}
                </Link>
              </td>
              <td>{r.templateName}</td>
              <td>{r.audienceName ?? "—"}</td>
              <td>{r.frequency}</td>
              <td className="whitespace-nowrap">{loopTime(r.createdAt)}</td>
              <td className="whitespace-nowrap">{loopTime(r.scheduledAt)}</td>
              <td>{r.createdBy ?? "—"}</td>
              <td className="num" data-completion={r.completion}>
                {r.completion}%
              </td>
              <td>
                <LoopStateBadge state={r.state} />
              </td>
              <td className="whitespace-nowrap text-right">
                <div className="flex justify-end gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="duplicate" />
                    <input type="hidden" name="loopId" value={r.id} />
                    <Button type="submit" variant="ghost" disabled={busy} aria-label={`Duplicate ${r.title}`}>
                      Duplicate
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="loopId" value={r.id} />
                    <Button type="submit" variant="ghost" disabled={busy} aria-label={`Delete ${r.title}`}>
                      Delete
                    </Button>
                  </Form>
                  <Link to={`${managePath(r.id)}#preview`} className="rounded-md px-2 py-1 text-sm text-indigo-700 hover:bg-indigo-50" aria-label={`Preview ${r.title}`}>
                    Preview
                  </Link>
                  <Link
                    to={configPath(r.templateType, r.libraryLoopId)}
                    className="rounded-md px-2 py-1 text-sm text-indigo-700 hover:bg-indigo-50"
                    aria-label={`Launch ${r.title} again`}
                  >
                    Launch
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
