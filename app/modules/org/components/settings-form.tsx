import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { Form } from "@remix-run/react";
import type { Copy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { AnonymityFloorField, ColorScaleFields, NotificationsLink, type CompanySettings } from "./settings-fields";

interface SettingsFormProps {
  words: Copy;
  settings: CompanySettings;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** fetcher.Form inside the dialog; Remix's Form on the standalone page. */
  FormComponent: typeof Form;
  cancel: React.ReactNode;
  /** A link to the Settings page's Notifications section (the modal has no room for it); off on that page. */
  notificationsLink?: boolean;
}

/**
 * The colour scale and anonymity minimum form with Conform showing the server's field errors. Validation is the
 * server's (app/modules/org/settings.schema.ts): two radios and a number need no client-side zod, and keeping
 * zod out of the shell keeps it out of every page's first load.
 */
export function SettingsForm({ words, settings, redirectTo, lastResult, FormComponent, cancel, notificationsLink = true }: SettingsFormProps) {
  const [form, fields] = useForm({
    id: "company-settings",
    lastResult: lastResult ?? undefined,
    defaultValue: { colorScale: settings.colorScale, anonymityFloor: String(settings.anonymityFloor) },
  });
  const field = fields.colorScale;
  const floor = fields.anonymityFloor;
  return (
    <FormComponent method="post" action="/settings" {...getFormProps(form)} className="mt-4">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ColorScaleFields
        name={field.name}
        words={words}
        current={(field.initialValue as string | undefined) ?? settings.colorScale}
        errors={field.errors}
        errorId={field.errorId}
      />
      <AnonymityFloorField
        name={floor.name}
        words={words}
        current={(floor.initialValue as string | undefined) ?? settings.anonymityFloor}
        errors={floor.errors}
        errorId={floor.errorId}
      />
      {form.errors ? <p className="mt-2 text-sm text-red-600">{form.errors.join(" ")}</p> : null}
      {notificationsLink ? <NotificationsLink words={words} /> : null}
      <div className="mt-6 flex justify-end gap-2">
        {cancel}
        <Button type="submit">{words.save}</Button>
      </div>
    </FormComponent>
  );
}
