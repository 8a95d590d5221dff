import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { notificationPrefsCopy as texts, sharedCopy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { SnoozeSchema } from "../snooze.schema";

/** Server and browser render the same text, so no hydration mismatch from locales or zones. */
export function formatSnoozeEnd(iso: string) {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * /notifications/snooze: what snoozing does, and one POST button ("Snooze for a day", or
 * "Resume reminders" while snoozed). The e-mail's "Snooze for a day" link lands here.
 */
export function SnoozePage({ snoozedUntil, lastResult }: { snoozedUntil: string | null; lastResult?: SubmissionResult<string[]> | null }) {
  const [form] = useForm({
    id: "snooze-reminders",
    lastResult: lastResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SnoozeSchema }),
  });
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">{texts.snoozeTitle}</h1>
        <p className="mt-2 text-sm text-slate-700">{texts.snoozeExplain}</p>
        <p role="status" className="mt-4 text-sm font-medium text-slate-900" data-testid="snooze-status">
          {snoozedUntil ? texts.snoozedUntil(formatSnoozeEnd(snoozedUntil)) : texts.notSnoozed}
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-wrap justify-end gap-2">
          {form.errors ? <p className="w-full text-sm text-red-700">{form.errors.join(" ")}</p> : null}
          <Link to="/" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 underline hover:text-slate-900">
            {sharedCopy.goBackHome}
          </Link>
          {snoozedUntil ? (
            <Button type="submit" name="intent" value="resume" variant="secondary">
              {texts.resumeButton}
            </Button>
          ) : null}
          <Button type="submit" name="intent" value="snooze">
            {texts.snoozeButton}
          </Button>
        </Form>
      </div>
    </main>
  );
}
