import { getCollectionProps, getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigate } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { PairResult } from "~/modules/reviews/components/pair-result";
import {
  AddPairSchema,
  FIELD_REQUIRED,
  NOTE_MAX,
  PairActionSchema,
  RemindSchema,
  SAVE_DRAFT_REVIEW,
  type Panel,
} from "~/modules/reviews/components/review-detail.schema";
import type { ActionData, Confirm, PanelData, ReviewDetailData } from "~/modules/reviews/review-detail-view";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { Modal } from "~/ui/dialog";
import { FieldError } from "~/ui/form-fields";
import { useHydrated } from "~/ui/use-hydrated";

/** The review detail page's confirmations and panels (000 §2 "Review detail", §5 change reviewer and reminder). */

type LoaderData = ReviewDetailData;

export const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-500";
export const labelClass = "block text-sm font-medium text-slate-700";

export function Confirmation({ confirm, title, cancelTo }: { confirm: Confirm; title: string; cancelTo: string }) {
  switch (confirm.kind) {
    case "remove":
    case "reopen": {
      const remove = confirm.kind === "remove";
      return (
        <ConfirmPanel
          id="confirm"
          title={`${remove ? "Remove pair" : "Reopen pair"}: ${confirm.names}?`}
          fields={{ intent: "pair", pairAction: confirm.kind, pairId: confirm.pairId, confirmed: "true", requestId: confirm.requestId }}
          cancelTo={cancelTo}
          cancelLabel="Keep it"
          confirmLabel={remove ? "Remove" : "Reopen"}
          tone={remove ? "danger" : "warning"}
        >
          <p>
            {remove
              ? "The pair and any answers given so far are removed from the review."
              : "The reviewer can answer again and is expected to submit the review."}
          </p>
        </ConfirmPanel>
      );
    }
    case "finalize":
      return (
        <ConfirmPanel
          id="confirm"
          title={`Finalize Review: ${title}?`}
          fields={{ intent: "finalize", confirmed: "true", requestId: confirm.requestId }}
          cancelTo={cancelTo}
          cancelLabel="Keep it live"
          confirmLabel="Finalize Review"
          tone="warning"
        >
          <p>The review closes: reviewers can no longer answer. It can be reopened from the reviews list.</p>
        </ConfirmPanel>
      );
    case "addPairs":
      return (
        <ConfirmPanel
          id="confirm"
          title={`Add ${confirm.revieweeName}, reviewed by ${confirm.reviewerName}?`}
          fields={{
            intent: "addPairs",
            revieweeId: confirm.revieweeId,
            reviewerId: confirm.reviewerId,
            confirmed: "true",
            requestId: confirm.requestId,
          }}
          cancelTo={cancelTo}
          confirmLabel="Add Pair"
          tone="warning"
        >
          <p>This review is live: the reviewer will be notified.</p>
        </ConfirmPanel>
      );
  }
}

/** The panel whose form each intent's errors belong to. */
const FORM_PANELS: Record<string, Panel> = { pair: "changeReviewer", remind: "remind", addPairs: "addPairs" };

/** A refused form whose panel is not open (posted from elsewhere): its errors, so they are not lost. */
export function UnshownErrors({ actionData, panel }: { actionData: ActionData | undefined; panel: Panel | null }) {
  const errors = Object.values(actionData?.result?.error ?? {}).flatMap((e) => e ?? []);
  if (errors.length === 0 || (actionData && FORM_PANELS[actionData.intent] === panel)) return null;
  return (
    <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-form-errors>
      {errors.join(" ")}
    </p>
  );
}

/** A panel in the page without JavaScript; a dialog with it. */
function PanelFrame({ id, title, closeTo, children }: { id: string; title: string; closeTo: string; children: React.ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <Modal open onClose={() => navigate(closeTo, { preventScrollReset: true })} title={title} size="lg">
        {children}
      </Modal>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-panel={id}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CloseLink({ to, label = "Close" }: { to: string; label?: string }) {
  return (
    <Link to={to} className={buttonClass("secondary")} preventScrollReset>
      {label}
    </Link>
  );
}

export function PanelView({
  data: loaderData,
  panel,
  closeTo,
  actionData,
  workspaceLabel,
}: {
  data: LoaderData;
  panel: PanelData;
  closeTo: string;
  actionData: ActionData | undefined;
  workspaceLabel: string;
}) {
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result ?? undefined : undefined);
  switch (panel.kind) {
    case "result":
      return (
        <PanelFrame id="result" title={panel.title} closeTo={closeTo}>
          <PairResult rows={panel.rows} />
          <div className="mt-6 flex justify-end">
            <CloseLink to={closeTo} />
          </div>
        </PanelFrame>
      );
    case "comment":
      return (
        <PanelFrame id="comment" title={panel.title} closeTo={closeTo}>
          <p className="mt-4 text-sm whitespace-pre-line text-slate-700" data-decline-comment>
            {panel.comment}
          </p>
          <div className="mt-6 flex justify-end">
            <CloseLink to={closeTo} />
          </div>
        </PanelFrame>
      );
    case "changeReviewer":
      return (
        <PanelFrame id="change-reviewer" title={`Change reviewer of ${panel.revieweeName}`} closeTo={closeTo}>
          <ChangeReviewerForm
            panel={panel}
            result={resultFor("pair")}
            requestId={`${loaderData.requestToken}:${panel.pairId}:changeReviewer`}
            closeTo={closeTo}
          />
        </PanelFrame>
      );
    case "remind":
      return (
        <PanelFrame id="remind" title="Send Reminders" closeTo={closeTo}>
          <RemindForm
            result={resultFor("remind")}
            requestId={`${loaderData.requestToken}:remind`}
            closeTo={closeTo}
            appMessageLabel={`${copy(loaderData.platform).platformName} message`}
          />
        </PanelFrame>
      );
    case "addPairs":
      return (
        <PanelFrame id="add-pairs" title="Add Pairs" closeTo={closeTo}>
          <AddPairForm members={panel.members} result={resultFor("addPairs")} closeTo={closeTo} workspaceLabel={workspaceLabel} />
        </PanelFrame>
      );
  }
}

function ChangeReviewerForm({
  panel,
  result,
  requestId,
  closeTo,
}: {
  panel: Extract<PanelData, { kind: "changeReviewer" }>;
  result?: SubmissionResult<string[]>;
  requestId: string;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `change-reviewer-${panel.pairId}`,
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PairActionSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = fields.reviewerId.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="pair" />
      <input type="hidden" name="pairAction" value="changeReviewer" />
      <input type="hidden" name="pairId" value={panel.pairId} />
      <input type="hidden" name="requestId" value={requestId} />
      <p className="text-sm text-slate-600">Current reviewer: {panel.reviewerName}</p>
      <div>
        <label htmlFor={fields.reviewerId.id} className={labelClass}>
          New reviewer
        </label>
        <select {...getSelectProps(fields.reviewerId)} className={inputClass}>
          <option value="">{errors ? FIELD_REQUIRED : "Select a reviewer"}</option>
          {panel.candidates.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({m.email})
            </option>
          ))}
        </select>
        <FieldError id={fields.reviewerId.errorId} errors={errors} field="reviewerId" all />
      </div>
      {panel.started ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name={fields.retainDraft.name} id={fields.retainDraft.id} />
          {SAVE_DRAFT_REVIEW}
        </label>
      ) : null}
      <div className="flex justify-end gap-2">
        <CloseLink to={closeTo} label="Cancel" />
        <Button type="submit">Change Reviewer</Button>
      </div>
    </Form>
  );
}

function RemindForm({
  result,
  requestId,
  closeTo,
  appMessageLabel,
}: {
  result?: SubmissionResult<string[]>;
  requestId: string;
  closeTo: string;
  appMessageLabel: string;
}) {
  const [form, fields] = useForm({
    id: "send-reminders",
    lastResult: result,
    defaultValue: { sendAs: ["appMessage"] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RemindSchema }),
    shouldValidate: "onBlur",
    // A corrected field's error goes while typing, not on the blur of a click on the button below it.
    shouldRevalidate: "onInput",
  });
  const labels: Record<string, string> = { appMessage: appMessageLabel, email: "E-mail" };
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="remind" />
      <input type="hidden" name="requestId" value={requestId} />
      <p className="text-sm text-slate-600">Everyone with a review left to complete is reminded.</p>
      <div>
        <label htmlFor={fields.note.id} className={labelClass}>
          Note (optional)
        </label>
        <textarea {...getTextareaProps(fields.note)} rows={4} maxLength={NOTE_MAX} className={inputClass} />
        <FieldError id={fields.note.errorId} errors={fields.note.errors} field="note" all />
      </div>
      <fieldset aria-describedby={fields.sendAs.errors ? fields.sendAs.errorId : undefined}>
        <legend className={labelClass}>Send as</legend>
        <div className="mt-1 flex gap-4">
          {getCollectionProps(fields.sendAs, { type: "checkbox", options: ["appMessage", "email"] }).map((props) => (
            <label key={props.key} className="flex items-center gap-2 text-sm text-slate-700">
              <input {...props} key={undefined} />
              {labels[props.value]}
            </label>
          ))}
        </div>
        <FieldError id={fields.sendAs.errorId} errors={fields.sendAs.errors} field="sendAs" all />
      </fieldset>
      <div className="flex justify-end gap-2">
        <CloseLink to={closeTo} label="Cancel" />
        <Button type="submit">Send Reminders</Button>
      </div>
    </Form>
  );
}

function AddPairForm({
  members,
  result,
  closeTo,
  workspaceLabel,
}: {
  members: Array<{ id: string; name: string; email: string }>;
  result?: SubmissionResult<string[]>;
  closeTo: string;
  workspaceLabel: string;
}) {
  const [form, fields] = useForm({
    id: "add-pairs",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddPairSchema }),
    shouldValidate: "onSubmit",
  });
  const options = members.map((m) => (
    <option key={m.id} value={m.id}>
      {m.name} ({m.email})
    </option>
  ));
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="addPairs" />
      <p className="text-sm text-slate-600">
        People of this review&apos;s {workspaceLabel.toLowerCase()}. The reviewer is notified once the pair is added.
      </p>
      <div>
        <label htmlFor={fields.revieweeId.id} className={labelClass}>
          Reviewee
        </label>
        <select {...getSelectProps(fields.revieweeId)} className={inputClass}>
          <option value="">Select a reviewee</option>
          {options}
        </select>
        <FieldError id={fields.revieweeId.errorId} errors={fields.revieweeId.errors} field="revieweeId" all />
      </div>
      <div>
        <label htmlFor={fields.reviewerId.id} className={labelClass}>
          Reviewer
        </label>
        <select {...getSelectProps(fields.reviewerId)} className={inputClass}>
          <option value="">Select a reviewer</option>
          {options}
        </select>
        <FieldError id={fields.reviewerId.errorId} errors={fields.reviewerId.errors} field="reviewerId" all />
      </div>
      <div className="flex justify-end gap-2">
        <CloseLink to={closeTo} label="Cancel" />
        <Button type="submit">Add Pair</Button>
      </div>
    </Form>
  );
}
