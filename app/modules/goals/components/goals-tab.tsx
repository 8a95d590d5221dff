import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { copy, type Copy } from "~/lib/copy";
import type { ProfilePageData } from "~/modules/profile/profile-page-data";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { DialogOrPanel } from "~/ui/dialog-or-panel";
import { EmptyState } from "~/ui/empty-state";
import { FieldError, INPUT_CLASS } from "~/ui/form-fields";
import { utcDay } from "~/ui/format";
import { useHydrated } from "~/ui/use-hydrated";
import { dayOfDeadline } from "../goal-rules";
import type { GoalDialog, GoalItem, GoalsTabData } from "../goals-tab.server";

type Reply = { result?: SubmissionResult<string[]> } | undefined;

/**
 * The Goals card of a profile (002 §2.7): the person's goals, Add New, and per goal Edit, Delete
 * and Actions (approve, complete) as its can-flags allow. Every dialog is also an address
 * (`?goal=new`, `?goal=<id>&dialog=edit|delete|actions`) rendered on the server, so the forms work
 * without JavaScript; with it they open in a Headless UI dialog.
 */
export function GoalsTabView({ data, goals }: { data: ProfilePageData; goals: GoalsTabData }) {
  const words = copy(data.platform);
  const here = `${data.basePath}/goals`;
  const dialog = goals.dialog;
  const open = dialog && dialog.kind !== "new" ? goals.goals.find((g) => g.id === dialog.goalId) : undefined;
  useReturnFocus(dialog);
  return (
    <section aria-labelledby="goals-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="goals-title" tabIndex={-1} className="text-lg font-semibold text-slate-900">
          {words.goalsTitle}
        </h2>
        {goals.mayAdd ? (
          <Link to={`${here}?goal=new`} preventScrollReset className={buttonClass("primary")} data-goal-add>
            {words.addGoal}
          </Link>
        ) : null}
      </div>
      {goals.goals.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon="objectives" title={words.noGoals} />
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label={words.goalsTitle}>
          {goals.goals.map((goal) => (
            <GoalRow key={goal.id} goal={goal} words={words} here={here} />
          ))}
        </ul>
      )}
      {goals.more ? <p className="mt-3 text-sm text-slate-600">{words.goalMore}</p> : null}
      {dialog?.kind === "new" ? <GoalDialogFrame here={here} title={words.addGoalTitle} id="goal-form-dialog" render={(r) => <GoalForm words={words} here={here} catalogue={goals.catalogue} reply={r} />} /> : null}
      {dialog?.kind === "edit" && open ? (
        <GoalDialogFrame here={here} title={words.editGoalTitle} id="goal-form-dialog" render={(r) => <GoalForm words={words} here={here} catalogue={goals.catalogue} goal={open} reply={r} />} />
      ) : null}
      {dialog?.kind === "delete" && open ? (
        <GoalDialogFrame here={here} title={words.goalDeleteTitle} id="goal-delete-dialog" role="alertdialog" render={(r) => <DeleteForm words={words} here={here} goal={open} reply={r} />} />
      ) : null}
      {dialog?.kind === "actions" && open ? (
        <GoalDialogFrame here={here} title={words.goalActionsTitle} id="goal-actions-dialog" render={(r) => <ActionsForm words={words} here={here} goal={open} reply={r} />} />
      ) : null}
    </section>
  );
}

/**
 * When a dialog closes (Escape, Cancel or a saved form), focus goes back to the control that opened
 * it, or to Add New when that goal is gone. The dialog opens from the address, after a lazy load,
 * so Headless UI's own return of focus cannot know the opener.
 */
function useReturnFocus(dialog: GoalDialog) {
  const previous = useRef<GoalDialog>(dialog);
  useEffect(() => {
    const was = previous.current;
    previous.current = dialog;
    if (!was || dialog) return;
    const opener =
      was.kind === "new" ? null : document.querySelector<HTMLElement>(`[data-goal="${CSS.escape(was.goalId)}"] [data-goal-open="${was.kind}"]`);
    (opener ?? document.querySelector<HTMLElement>("[data-goal-add]") ?? document.getElementById("goals-title"))?.focus();
  }, [dialog]);
}

function GoalRow({ goal, words, here }: { goal: GoalItem; words: Copy; here: string }) {
  const link = (dialog: string) => `${here}?goal=${encodeURIComponent(goal.id)}&dialog=${dialog}`;
  const linkClass = "text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600";
  return (
    <li className="py-4" data-goal={goal.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-medium text-slate-900">{goal.name}</h3>
          {goal.description ? <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{goal.description}</p> : null}
          <p className="mt-1 text-sm text-slate-600">
            {words.goalDueOn(utcDay(goal.deadlineMs))}
            {goal.pastDeadline ? <Badge tone="red">{words.goalPastDeadline}</Badge> : null}
          </p>
          {goal.competencies.length > 0 ? (
            <p className="mt-1 text-sm text-slate-700">
              <span className="font-medium">{words.goalCompetencies}:</span> {goal.competencies.map((c) => c.name).join(", ")}
            </p>
          ) : null}
          {goal.behaviours.length > 0 ? (
            <p className="mt-1 text-sm text-slate-700">
              <span className="font-medium">{words.goalBehaviours}:</span> {goal.behaviours.map((b) => b.name).join(", ")}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2 text-xs" data-goal-status>
            <Badge tone={goal.approvalStatus ? "green" : "slate"}>
              {goal.approvalStatus ? (goal.approvalActionBy ? words.goalApprovedBy(goal.approvalActionBy.name) : words.goalApproved) : words.goalNotApproved}
            </Badge>
            <Badge tone={goal.completionStatus ? "green" : "slate"}>
              {goal.completionStatus ? (goal.completionActionBy ? words.goalCompletedBy(goal.completionActionBy.name) : words.goalCompleted) : words.goalOpen}
            </Badge>
          </div>
        </div>
        <div className="flex gap-4">
          {goal.canApprove || goal.canComplete ? (
            <Link to={link("actions")} data-goal-open="actions" preventScrollReset className={linkClass} aria-label={words.goalActionsOf(goal.name)}>
              {words.goalActions}
            </Link>
          ) : null}
          {goal.canEdit ? (
            <Link to={link("edit")} data-goal-open="edit" preventScrollReset className={linkClass} aria-label={words.goalEditOf(goal.name)}>
              {words.goalEdit}
            </Link>
          ) : null}
          {goal.canDelete ? (
            <Link to={link("delete")} data-goal-open="delete" preventScrollReset className={`${linkClass} text-red-700`} aria-label={words.goalDeleteOf(goal.name)}>
              {words.goalDelete}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function Badge({ tone, children }: { tone: "green" | "slate" | "red"; children: React.ReactNode }) {
  const classes =
    tone === "green"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-600/20"
      : tone === "red"
        ? "ml-2 bg-red-50 text-red-700 ring-red-600/20"
        : "bg-slate-100 text-slate-700 ring-slate-500/20";
  return <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${classes}`}>{children}</span>;
}

/**
 * A dialog of the tab: a Headless UI dialog once hydrated (focus moves in, Escape and Cancel go
 * back to the list), a panel under the list without JavaScript.
 */
function GoalDialogFrame({
  here,
  title,
  id,
  role,
  render,
}: {
  here: string;
  title: string;
  id: string;
  role?: "alertdialog";
  render: (reply: Reply) => React.ReactNode;
}) {
  const reply = useActionData() as Reply;
  return (
    <DialogOrPanel id={id} title={title} closeTo={here} size="lg" role={role}>
      {render(reply)}
    </DialogOrPanel>
  );
}

function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {errors.join(" ")}
    </p>
  );
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : []);

/** Add or edit (002 §5): name required (marked *), a future deadline, competencies and their behaviours. */
function GoalForm({
  words,
  here,
  catalogue,
  goal,
  reply,
}: {
  words: Copy;
  here: string;
  catalogue: GoalsTabData["catalogue"];
  goal?: GoalItem;
  reply: Reply;
}) {
  const hydrated = useHydrated();
  const action = goal ? `${here}?goal=${encodeURIComponent(goal.id)}&dialog=edit` : `${here}?goal=new`;
  const validation = useGoalValidation();
  const [form, fields] = useForm({
    id: goal ? `goal-edit-${goal.id}` : "goal-new",
    lastResult: reply?.result,
    defaultValue: goal
      ? {
          name: goal.name,
          description: goal.description ?? "",
          deadline: dayOfDeadline(goal.deadlineMs),
          competencyIds: goal.competencyIds,
          behaviourIds: goal.behaviourIds,
        }
      : undefined,
    onValidate: validation ? ({ formData }) => validation.validateGoalSave(formData) : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const initialCompetencies = asList(fields.competencyIds.initialValue);
  const initialBehaviours = new Set(asList(fields.behaviourIds.initialValue));
  const [chosen, setChosen] = useState<string[]>(initialCompetencies);
  // With JavaScript the behaviour options follow the chosen competencies; without it every
  // competency's behaviours are offered, grouped, and the server checks they match.
  const offered = hydrated ? catalogue.filter((c) => chosen.includes(c.id)) : catalogue;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="goal-save" />
      {goal ? <input type="hidden" name="goalId" value={goal.id} /> : null}
      <div>
        <label htmlFor={fields.name.id} className="block text-sm font-medium text-slate-900">
          {words.goalName}{" "}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </label>
        <input {...getInputProps(fields.name, { type: "text" })} required autoFocus className={INPUT_CLASS} maxLength={200} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div>
        <label htmlFor={fields.description.id} className="block text-sm font-medium text-slate-900">
          {words.goalDescription}
        </label>
        <textarea {...getTextareaProps(fields.description)} rows={3} className={INPUT_CLASS} maxLength={2000} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div>
        <label htmlFor={fields.deadline.id} className="block text-sm font-medium text-slate-900">
          {words.goalDeadline}{" "}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </label>
        <input {...getInputProps(fields.deadline, { type: "date" })} min={hydrated ? today : undefined} className={INPUT_CLASS} />
        <FieldError id={fields.deadline.errorId} errors={fields.deadline.errors} />
      </div>
      <fieldset aria-describedby={fields.competencyIds.errors ? fields.competencyIds.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-900">{words.goalCompetencies}</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {catalogue.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={fields.competencyIds.name}
                value={c.id}
                defaultChecked={initialCompetencies.includes(c.id)}
                onChange={(e) => setChosen((now) => (e.target.checked ? [...now, c.id] : now.filter((id) => id !== c.id)))}
                className="h-4 w-4 rounded border-slate-300"
              />
              {c.name}
            </label>
          ))}
        </div>
        <FieldError id={fields.competencyIds.errorId} errors={fields.competencyIds.errors} />
      </fieldset>
      <fieldset aria-describedby={`${fields.behaviourIds.id}-hint`}>
        <legend className="text-sm font-medium text-slate-900">{words.goalBehaviours}</legend>
        <p id={`${fields.behaviourIds.id}-hint`} className="text-xs text-slate-600">
          {offered.length === 0 ? words.goalChooseCompetencyFirst : words.goalBehavioursHint}
        </p>
        <div className="mt-2 space-y-3">
          {offered.map((c) => (
            <div key={c.id} role="group" aria-label={c.name} data-behaviours-of={c.id}>
              <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{c.name}</p>
              <div className="mt-1 grid gap-1 sm:grid-cols-2">
                {c.behaviours.map((b) => (
                  <label key={b.id} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      name={fields.behaviourIds.name}
                      value={b.id}
                      defaultChecked={initialBehaviours.has(b.id)}
                      className="h-4 w-4 rounded border-slate-300"
                    />
                    {b.name}
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
        <FieldError id={fields.behaviourIds.errorId} errors={fields.behaviourIds.errors} />
      </fieldset>
      <FormErrors errors={form.errors} />
      <div className="flex justify-end gap-2 pt-2">
        <ButtonLink to={here} variant="secondary" preventScrollReset>
          {words.cancel}
        </ButtonLink>
        <Button type="submit" variant="primary">
          {words.save}
        </Button>
      </div>
    </Form>
  );
}

function DeleteForm({ words, here, goal, reply }: { words: Copy; here: string; goal: GoalItem; reply: Reply }) {
  const errors = reply?.result?.error?.[""] ?? undefined;
  return (
    <Form method="post" action={`${here}?goal=${encodeURIComponent(goal.id)}&dialog=delete`} className="mt-2" preventScrollReset>
      <p className="text-sm text-slate-700">{words.goalDeleteBody(goal.name)}</p>
      <input type="hidden" name="intent" value="goal-delete" />
      <input type="hidden" name="goalId" value={goal.id} />
      <FormErrors errors={errors ?? undefined} />
      <div className="mt-6 flex justify-end gap-2">
        <ButtonLink to={here} variant="secondary" preventScrollReset>
          {words.cancel}
        </ButtonLink>
        <Button type="submit" variant="danger" autoFocus>
          {words.goalDelete}
        </Button>
      </div>
    </Form>
  );
}

/** The goal-actions dialog: approval and completion, separately (002 §4); completion needs approval. */
function ActionsForm({ words, here, goal, reply }: { words: Copy; here: string; goal: GoalItem; reply: Reply }) {
  const validation = useGoalValidation();
  const [form, fields] = useForm({
    id: `goal-actions-${goal.id}`,
    lastResult: reply?.result,
    onValidate: validation ? ({ formData }) => validation.validateGoalActions(formData) : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const approvalEditable = goal.canApprove;
  return (
    <Form method="post" action={`${here}?goal=${encodeURIComponent(goal.id)}&dialog=actions`} {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
      <p className="text-sm font-medium text-slate-900">{goal.name}</p>
      <input type="hidden" name="intent" value="goal-actions" />
      <input type="hidden" name="goalId" value={goal.id} />
      {/* An approval already given rides along, so ticking Completed alone reads as approved. */}
      {goal.approvalStatus ? <input type="hidden" name="approvalStatus" value="on" /> : null}
      <div>
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            name={goal.approvalStatus ? undefined : "approvalStatus"}
            id={fields.approvalStatus.id}
            defaultChecked={goal.approvalStatus}
            disabled={goal.approvalStatus || !approvalEditable}
            autoFocus={approvalEditable}
            className="h-4 w-4 rounded border-slate-300"
          />
          {words.goalApproveLabel}
        </label>
        <p className="ml-6 text-xs text-slate-600">
          {goal.approvalStatus && goal.approvalActionBy ? words.goalApprovedBy(goal.approvalActionBy.name) : words.goalApproveHint}
        </p>
        <FieldError id={fields.approvalStatus.errorId} errors={fields.approvalStatus.errors} />
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            name="completionStatus"
            id={fields.completionStatus.id}
            defaultChecked={goal.completionStatus}
            disabled={!goal.canComplete}
            autoFocus={!approvalEditable}
            aria-invalid={fields.completionStatus.errors ? true : undefined}
            aria-describedby={fields.completionStatus.errors ? fields.completionStatus.errorId : undefined}
            className="h-4 w-4 rounded border-slate-300"
          />
          {words.goalCompleteLabel}
        </label>
        <FieldError id={fields.completionStatus.errorId} errors={fields.completionStatus.errors} alert />
      </div>
      <FormErrors errors={form.errors} />
      <div className="flex justify-end gap-2 pt-2">
        <ButtonLink to={here} variant="secondary" preventScrollReset>
          {words.cancel}
        </ButtonLink>
        <Button type="submit" variant="primary">
          {words.save}
        </Button>
      </div>
    </Form>
  );
}

type GoalValidation = typeof import("../goal-validation");

/** The forms' browser-side checks, loaded once a dialog is open (until then the server's answer). */
function useGoalValidation(): GoalValidation | null {
  const [validation, setValidation] = useState<GoalValidation | null>(null);
  useEffect(() => {
    let live = true;
    void import("../goal-validation").then((m) => live && setValidation(m));
    return () => {
      live = false;
    };
  }, []);
  return validation;
}
