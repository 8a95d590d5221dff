import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { copy } from "~/lib/copy";
import type { Platform } from "~/lib/permissions/registry";
import { Button, ButtonLink } from "~/ui/button";
import { Modal } from "~/ui/dialog";
import { NewSurveySchema, newSurveyPath, TEMPLATES_PATH } from "../library.schema";

/**
 * 'Create New Survey' (001 §2): pick the workspace (Slack-type) or group (Teams-type) the survey
 * belongs to, then go to its builder. A plain POST form to /surveys/survey-library/add-new-survey
 * [/{templateId}], shown in the page without JavaScript and inside a dialog with it (the dialog
 * posts through a fetcher, so a refused choice keeps the dialog open with its error).
 */

export interface NewSurveyTarget {
  /** Null: from scratch. */
  templateId: string | null;
  /** What the new survey starts from, e.g. "Employee Engagement" or "Blank survey". */
  label: string;
}

export function NewSurveyFields({
  target,
  options,
  platform,
  lastResult,
  action,
  onCancel,
  Form,
  submitting,
}: {
  target: NewSurveyTarget;
  options: Array<{ id: string; name: string }>;
  platform: Platform;
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  onCancel?: () => void;
  Form: React.ElementType;
  submitting?: boolean;
}) {
  const [form, fields] = useForm({
    id: `new-survey-${target.templateId ?? "scratch"}`,
    constraint: getZodConstraint(NewSurveySchema),
    lastResult: lastResult ?? undefined,
    defaultValue: { workspaceOrChannelId: options.length === 1 ? options[0].id : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewSurveySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const field = fields.workspaceOrChannelId;
  const words = copy(platform);
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="mt-4 space-y-4"
      data-new-survey-form={target.templateId ?? "scratch"}
    >
      <p className="text-sm text-slate-600">
        Starts from: <span className="font-medium text-slate-900">{target.label}</span>
      </p>
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <div>
        <label htmlFor={field.id} className="block text-sm font-medium text-slate-900">
          {words.workspace} *
        </label>
        <select
          {...getSelectProps(field)}
          key={field.key}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          aria-describedby={field.errors?.length ? field.errorId : undefined}
        >
          <option value="">Select a {words.workspace.toLowerCase()}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        {field.errors?.length ? (
          <p id={field.errorId} className="mt-1 text-sm text-red-700">
            {field.errors[0]}
          </p>
        ) : null}
        {options.length === 0 ? <p className="mt-1 text-sm text-slate-600">{words.noWorkspaces}</p> : null}
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <ButtonLink variant="secondary" to={TEMPLATES_PATH}>
            Cancel
          </ButtonLink>
        )}
        <Button type="submit" disabled={submitting}>
          Create Survey
        </Button>
      </div>
    </Form>
  );
}

/** The dialog version, opened from the templates page with JavaScript. */
export function NewSurveyDialog({
  target,
  options,
  platform,
  onClose,
}: {
  target: NewSurveyTarget;
  options: Array<{ id: string; name: string }>;
  platform: Platform;
  onClose: () => void;
}) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  return (
    <Modal open onClose={onClose} title="Create New Survey">
      <NewSurveyFields
        key={target.templateId ?? "scratch"}
        target={target}
        options={options}
        platform={platform}
        lastResult={fetcher.data?.result}
        action={newSurveyPath(target.templateId)}
        onCancel={onClose}
        Form={fetcher.Form}
        submitting={fetcher.state !== "idle"}
      />
    </Modal>
  );
}
