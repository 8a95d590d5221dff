import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/ui/button";
import { GIVE_MESSAGES, type TagCatalogue } from "../give";
import { giveFeedbackSchema, type GiveFormShape } from "../give.schema";
import type { FeedbackFormat } from "../loop-types";
import { FormatFields, TagFields, TemplateFields, type Posted } from "./give-fields";

/** What a Give Feedback action answers when it refuses: Conform's result, the posted values, and a message. */
export interface GiveActionData {
  result?: SubmissionResult<string[]>;
  values?: Posted;
  message?: string;
}

/**
 * The Give Feedback form: a real POST form checked by the same schema in the browser (Conform)
 * and on the server, so it works with JavaScript off. `format` is the one to fill in (a format
 * chosen on the page arrives as a hidden field); `blocks` a template's when there is no format.
 */
export function GiveFeedbackForm({
  id,
  shape,
  format,
  catalogue,
  showTags,
  requestId,
  actionData,
  hidden,
  submitLabel = "Send Feedback",
  cancelTo = "/feedback",
  before,
}: {
  id: string;
  shape: GiveFormShape;
  format: FeedbackFormat | null;
  catalogue: TagCatalogue[];
  showTags: boolean;
  requestId: string;
  actionData?: GiveActionData;
  hidden?: Record<string, string>;
  submitLabel?: string;
  cancelTo?: string;
  before?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const [form] = useForm({
    id,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: giveFeedbackSchema(shape) }),
  });
  const errors = Object.fromEntries(Object.entries(form.allErrors).filter(([, e]) => e?.length)) as Record<string, string[]>;
  const values = actionData?.values ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-give-form>
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="requestId" value={requestId} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {actionData?.message || hasErrors ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-give-error>
          {actionData?.message ?? GIVE_MESSAGES.checkForm}
        </p>
      ) : null}
      {before}
      {format ? <FormatFields format={format} values={values} errors={errors} /> : <TemplateFields blocks={[...shape.blocks]} values={values} errors={errors} />}
      {showTags ? <TagFields catalogue={catalogue} values={values} /> : null}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** After a send: what happened and the way back to the Feedback hub. */
export function GiveConfirmation({ title, text }: { title: string; text?: string }) {
  return (
    <section role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-6 py-10 text-center" data-give-state="sent">
      <p className="text-lg font-semibold text-emerald-900">{title}</p>
      {text ? <p className="mt-1 text-sm text-emerald-800">{text}</p> : null}
      <Link to="/feedback" className={`${buttonClass("secondary")} mt-4 inline-flex`}>
        Back to Feedback
      </Link>
    </section>
  );
}
