import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import type { DeliveryFailureNotice } from "~/modules/notifications/failures";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { DataTable } from "~/ui/table";
import type { LoopState, PairState } from "../loop-types";
import { LoopStateBadge, loopTime, managePath } from "./manage-loops";

/** The page of /workflows/manage-feedback-loops/:feedbackLoopId; its route's loader gives `LoopDetailData`. */

export interface LoopDetailData {
  loop: {
    id: string;
    title: string;
    templateType: "feedback" | "one-on-one";
    templateName: string;
    audienceName: string | null;
    anonymous: boolean;
    state: LoopState;
    frequency: string;
    notificationMessage: string;
    nextRunAt: number | null;
  };
  runs: Array<{ id: string; sequence: number; state: "open" | "closed"; startedAt: number; deadlineAt: number }>;
  run: {
    id: string;
    sequence: number;
    state: "open" | "closed";
    open: boolean;
    startedAt: number;
    deadlineAt: number;
    completion: number;
    pairCount: number;
    givenCount: number;
  } | null;
  pairs: Array<{ senderId: string; receiverId: string; sender: string; receiver: string; state: PairState; givenAt: number | null }>;
  pairTotal: number;
  pairPages: number;
  page: number;
  meetings: Array<{ id: string; reviewer: string; reviewee: string; state: string; scheduledAt: number | null }>;
  failures: DeliveryFailureNotice[];
  people: Array<{ id: string; name: string }>;
  requestId: string;
}

const PAIR_LABELS: Record<PairState, string> = { pending: "Pending", given: "Given", removed: "Removed" };
const MEETING_LABELS: Record<string, string> = { prep: "Preparing", open: "Open", session: "In session", closed: "Closed" };

export function ManageLoopDetailPage() {
  const { loop, runs, run, pairs, pairTotal, pairPages, page, meetings, failures, people, requestId } = useLoaderData<LoopDetailData>();
  const busy = useNavigation().state === "submitting";
  const action = run ? `${managePath(loop.id)}?run=${encodeURIComponent(run.id)}` : managePath(loop.id);
  const pending = run ? run.pairCount - run.givenCount : 0;
  const meeting = loop.templateType === "one-on-one";
  return (
    <>
      <PageHeader
        title={loop.title}
        description={
          <>
            <LoopStateBadge state={loop.state} />
            <span className="ml-2">
              {loop.templateName} · {loop.audienceName ?? "—"} · {loop.frequency}
              {loop.anonymous ? " · Anonymous" : ""}
            </span>
          </>
        }
        actions={
          run?.open && pending > 0 ? (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="remind" />
              <input type="hidden" name="requestId" value={requestId} />
              <Button type="submit" variant="secondary" disabled={busy}>
                Send Reminder
              </Button>
            </Form>
          ) : null
        }
      />

      {failures.length > 0 ? (
        <section aria-labelledby="failures-heading" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-slate-900" data-failures>
          <h2 id="failures-heading" className="mb-2 font-semibold">
            Messages not delivered
          </h2>
          <ul className="space-y-2">
            {failures.map((f) => (
              <li key={f.message}>
                <p className="font-medium">{f.message}</p>
                {f.reason ? <p>{f.reason}</p> : null}
                {f.advice ? <p className="text-slate-700">{f.advice}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="runs-heading" className="mb-6">
        <h2 id="runs-heading" className="mb-2 text-base font-semibold text-slate-900">
          Runs
        </h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600" data-no-runs>
            {loop.nextRunAt ? `The first run starts ${loopTime(loop.nextRunAt)}.` : "No runs."}
          </p>
        ) : (
          <Form method="get" className="flex flex-wrap items-end gap-2 text-sm" aria-label="Choose a run">
            <label className="flex items-center gap-1.5 text-slate-700">
              Run
              <select name="run" defaultValue={run?.id} className="rounded-md border border-slate-300 px-2 py-1">
                {runs.map((r) => (
                  <option key={r.id} value={r.id}>
                    #{r.sequence} · {loopTime(r.startedAt)} → {loopTime(r.deadlineAt)} ({r.state === "open" ? "Open" : "Closed"})
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="secondary">
              Show
            </Button>
          </Form>
        )}
      </section>

      {run ? (
        <section aria-labelledby="pairs-heading" className="mb-6" data-run-id={run.id}>
          <h2 id="pairs-heading" className="mb-1 text-base font-semibold text-slate-900">
            {meeting ? "Participants" : "Senders and receivers"}
          </h2>
          <p className="mb-3 text-sm text-slate-600" data-completion={run.completion}>
            {run.givenCount} of {run.pairCount} given ({run.completion}%) · Deadline {loopTime(run.deadlineAt)}
            {run.open ? "" : " · Closed"}
          </p>
          {pairs.length === 0 ? (
            <EmptyState icon="surveys" title={sharedCopy.noPairs} />
          ) : (
            <DataTable label="Pairs" dataRows actions={run.open} columns={["Sender", "Receiver", "Status", loop.anonymous ? null : "Given"]}>
              {pairs.map((p) => (
                <tr key={`${p.senderId}:${p.receiverId}`} data-pair={`${p.senderId}:${p.receiverId}`} data-status={p.state}>
                  <td className="font-medium text-slate-900">{p.sender}</td>
                  <td>{p.receiver}</td>
                  <td>
                    <span className="status-badge" data-status={p.state}>
                      {PAIR_LABELS[p.state]}
                    </span>
                  </td>
                  {loop.anonymous ? null : <td className="whitespace-nowrap">{p.givenAt ? loopTime(p.givenAt) : "—"}</td>}
                  {run.open ? (
                    <td className="whitespace-nowrap text-right">
                      {p.state === "pending" ? (
                        <div className="flex justify-end gap-2">
                          <Form method="post" action={action}>
                            <input type="hidden" name="intent" value="remind" />
                            <input type="hidden" name="sender" value={p.senderId} />
                            <input type="hidden" name="receiver" value={p.receiverId} />
                            <input type="hidden" name="requestId" value={`${requestId}:${p.senderId}:${p.receiverId}`} />
                            <Button type="submit" variant="ghost" disabled={busy} aria-label={`Send a reminder to ${p.sender}`}>
                              Remind
                            </Button>
                          </Form>
                          <Form method="post" action={action}>
                            <input type="hidden" name="intent" value="pair" />
                            <input type="hidden" name="action" value="remove" />
                            <input type="hidden" name="sender" value={p.senderId} />
                            <input type="hidden" name="receiver" value={p.receiverId} />
                            <input type="hidden" name="requestId" value={`${requestId}:remove:${p.senderId}:${p.receiverId}`} />
                            <Button type="submit" variant="ghost" disabled={busy} aria-label={`Remove ${p.sender} → ${p.receiver}`}>
                              Remove
                            </Button>
                          </Form>
                        </div>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
          )}
          <Pager page={page} pages={pairPages} total={pairTotal} noun="pairs" hrefFor={(p) => `${action}&page=${p}`} />
          {run.open ? (
            <Form method="post" action={action} className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm" aria-label="Add a pair">
              <input type="hidden" name="intent" value="pair" />
              <input type="hidden" name="action" value="add" />
              <input type="hidden" name="requestId" value={`${requestId}:add`} />
              <label className="flex flex-col gap-1 text-slate-700">
                Sender
                <select name="sender" required className="rounded-md border border-slate-300 px-2 py-1">
                  <option value="">Choose…</option>
                  {people.map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-slate-700">
                Receiver
                <select name="receiver" required className="rounded-md border border-slate-300 px-2 py-1">
                  <option value="">Choose…</option>
                  {people.map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" variant="secondary" disabled={busy}>
                Add pair
              </Button>
            </Form>
          ) : null}
        </section>
      ) : null}

      {meeting && run ? (
        <section aria-labelledby="meetings-heading" className="mb-6">
          <h2 id="meetings-heading" className="mb-2 text-base font-semibold text-slate-900">
            1-on-1 meetings
          </h2>
          {meetings.length === 0 ? (
            <p className="text-sm text-slate-600">No 1-on-1 meetings.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-meetings>
              {meetings.map((m) => (
                <li key={m.id} className="flex justify-between gap-4 px-3 py-2">
                  <Link to={`/one-on-ones/${encodeURIComponent(m.id)}`} className="font-medium text-slate-900 hover:text-indigo-700">
                    {m.reviewer} with {m.reviewee}
                  </Link>
                  <span className="text-slate-600">
                    {MEETING_LABELS[m.state] ?? m.state}
                    {m.scheduledAt ? ` · ${loopTime(m.scheduledAt)}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <section id="preview" aria-labelledby="preview-heading" className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <h2 id="preview-heading" className="mb-2 text-base font-semibold text-slate-900">
          Preview
        </h2>
        <div className="rounded-md bg-slate-50 p-3">
          <p className="font-semibold text-slate-900">{loop.title}</p>
          <p className="mt-1 whitespace-pre-line text-slate-800">{loop.notificationMessage || `You are invited to give feedback in ${loop.title}.`}</p>
          <p className="mt-1 text-slate-700">
            {sharedCopy.feedbackIsFor}: {loop.audienceName ?? "—"}
          </p>
          <div className="mt-2 flex gap-2" aria-hidden="true">
            <span className="rounded border border-slate-300 px-2 py-0.5">{sharedCopy.giveFeedback}</span>
            <span className="rounded border border-slate-300 px-2 py-0.5">{sharedCopy.dismiss}</span>
          </div>
        </div>
      </section>
    </>
  );
}
