import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";
import { GIVE_MESSAGES, type TagCatalogue } from "../give";
import type { GiveStatus } from "../give.server";
import type { FeedbackTemplateBlock } from "../feedback-blocks";
import type { FeedbackFormat } from "../loop-types";
import { GiveConfirmation, GiveFeedbackForm, type GiveActionData } from "./give-form";

export interface GiveLoopData {
  loop: { title: string; anonymous: boolean; templateFormat: FeedbackFormat | null; blocks: FeedbackTemplateBlock[]; hideCompetencySelector: boolean };
  run: { id: string; deadline: string };
  receiver: { id: string; name: string; isCompany: boolean };
  status: GiveStatus;
  catalogue: TagCatalogue[];
  requestId: string;
}

/** /feedback/give/:feedbackRunId/:receiverId: a sender gives their feedback in a loop run. */
export function GiveLoopPage() {
  const data = useLoaderData<GiveLoopData>();
  const actionData = useActionData<GiveActionData>();
  const { loop, run, receiver, status } = data;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={`Give Feedback to ${receiver.name}`}
        description={
          <>
            {loop.title} · Closes {run.deadline}
          </>
        }
      />
      {status !== "open" && actionData?.message ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-give-error>
          {actionData.message}
        </p>
      ) : null}
      {status === "given" ? (
        <GiveConfirmation title={GIVE_MESSAGES.sent} text={GIVE_MESSAGES.oncePerRun} />
      ) : status === "closed" ? (
        <section role="status" className="rounded-lg border border-slate-300 bg-slate-50 px-6 py-10 text-center" data-give-state="closed">
          <p className="text-lg font-semibold text-slate-900">{GIVE_MESSAGES.closed}</p>
          <Link to="/feedback" className={`${buttonClass("secondary")} mt-4 inline-flex`}>
            Back to Feedback
          </Link>
        </section>
      ) : (
        <GiveFeedbackForm
          id="give-loop-feedback"
          shape={{ format: loop.templateFormat, blocks: loop.blocks }}
          format={loop.templateFormat}
          catalogue={data.catalogue}
          showTags={!loop.hideCompetencySelector && !receiver.isCompany}
          requestId={data.requestId}
          actionData={actionData}
          before={
            loop.anonymous ? (
              <p className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900" data-anonymous>
                {GIVE_MESSAGES.anonymous}
              </p>
            ) : null
          }
        />
      )}
    </div>
  );
}
