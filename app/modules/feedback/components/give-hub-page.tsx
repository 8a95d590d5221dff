import { Link, useLoaderData } from "@remix-run/react";
import type { PickerPerson } from "~/ui/people-picker";
import { buttonClass } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";
import type { HubData } from "../hub.server";
import { ColleagueStep } from "./give-parts";

export interface HubPageData extends Omit<HubData, "runs" | "requestsToMe" | "myRequests" | "received"> {
  runs: Array<HubData["runs"][number] & { deadline: string }>;
  requestsToMe: Array<HubData["requestsToMe"][number] & { date: string }>;
  myRequests: Array<HubData["myRequests"][number] & { date: string }>;
  received: Array<HubData["received"][number] & { date: string }>;
  runFilter: string | null;
  picker: { q: string; matches: PickerPerson[] | null; runId: string | null };
}

/** How many receivers a run shows before "View all" (its ?run= page shows every one). */
export const RECEIVERS_SHOWN = 5;
const STATE_LABELS: Record<string, string> = { open: "Waiting", given: "Answered", declined: "Declined" };

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const Empty = ({ text }: { text: string }) => <p className="text-sm text-slate-600">{text}</p>;

/** /feedback: what to give, what was asked for, and the buttons to give, ask and praise. */
export function GiveHubPage() {
  const data = useLoaderData<HubPageData>();
  const { runs, requestsToMe, myRequests, received, runFilter } = data;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Feedback"
        description="Give feedback, ask for it and praise your colleagues."
        actions={
          <>
            <Link to="/feedback/give" className={buttonClass("primary")}>
              Give Feedback
            </Link>
            <Link to="/feedback/request" className={buttonClass("secondary")}>
              Request Feedback
            </Link>
            <Link to="/feedback/praise" className={buttonClass("secondary")}>
              Praise
            </Link>
          </>
        }
      />
      <Section title="To give" id="to-give">
        {runFilter ? (
          <p className="mb-3 text-sm">
            <Link to="/feedback" className="text-indigo-700 underline">
              Show everything to give
            </Link>
          </p>
        ) : null}
        {runs.length === 0 && requestsToMe.length === 0 ? <Empty text="Nothing to give right now." /> : null}
        <ul className="space-y-4">
          {runs.map((run) => {
            const shown = runFilter ? run.receivers : run.receivers.slice(0, RECEIVERS_SHOWN);
            return (
              <li key={run.runId} className="rounded-md border border-slate-200 p-4" data-run={run.runId}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-medium text-slate-900">{run.title}</h3>
                  <p className="text-xs text-slate-600">
                    {run.anonymous ? "Anonymous · " : ""}Closes {run.deadline}
                  </p>
                </div>
                {run.selfSelect ? (
                  <div className="mt-3">
                    <ColleagueStep
                      label="Colleague to give feedback to"
                      action="/feedback"
                      hidden={{ run: run.runId }}
                      chosen={null}
                      q={data.picker.runId === run.runId ? data.picker.q : ""}
                      matches={data.picker.runId === run.runId ? data.picker.matches : null}
                      submitLabel="Give Feedback"
                    />
                  </div>
                ) : null}
                {shown.length > 0 ? (
                  <ul className="mt-3 divide-y divide-slate-100">
                    {shown.map((r) => (
                      <li key={r.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                        <span className="text-slate-900">{r.name}</span>
                        {r.given ? (
                          <span className="text-slate-500">Given</span>
                        ) : (
                          <Link
                            to={`/feedback/give/${run.runId}/${r.id}`}
                            className={buttonClass("secondary")}
                            aria-label={`Give Feedback to ${r.name}`}
                          >
                            Give Feedback
                          </Link>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {!runFilter && run.receivers.length > RECEIVERS_SHOWN ? (
                  <Link to={`/feedback?run=${run.runId}`} className="mt-2 inline-block text-sm text-indigo-700 underline">
                    View all {run.receivers.length}
                  </Link>
                ) : null}
              </li>
            );
          })}
          {requestsToMe.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-4" data-request={r.id}>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="font-medium text-slate-900">{r.requesterName} asked you for feedback</h3>
                  {r.message ? <p className="mt-1 text-sm text-slate-700">“{r.message}”</p> : null}
                  <p className="mt-1 text-xs text-slate-500">{r.date}</p>
                </div>
                <Link to={`/feedback/requests/${r.id}`} className={buttonClass("secondary")} aria-label={`Give Feedback to ${r.requesterName}`}>
                  Give Feedback
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Requested" id="requested">
        {myRequests.length === 0 ? (
          <Empty text="You have not requested feedback yet." />
        ) : (
          <ul className="divide-y divide-slate-100">
            {myRequests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-my-request={r.id}>
                <span className="text-slate-900">
                  {r.recipientName}
                  {r.message ? <span className="ml-2 text-slate-600">“{r.message}”</span> : null}
                </span>
                <span className="text-slate-600">
                  {STATE_LABELS[r.state] ?? r.state} · {r.date}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Received" id="received">
        {received.length === 0 ? (
          <Empty text="No feedback available!" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {received.map((item) => (
              <li key={item.id} className="py-3 text-sm" data-received={item.id}>
                <p className="font-medium text-slate-900">
                  {item.title} · {item.senderName ? `from ${item.senderName}` : "Anonymous"}
                </p>
                {item.preview ? <p className="mt-1 line-clamp-2 text-slate-700">{item.preview}</p> : null}
                <p className="mt-1 text-xs text-slate-500">{item.date}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
