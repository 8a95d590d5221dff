import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { Form } from "@remix-run/react";
import type { Copy } from "~/lib/copy";
import { Button } from "../button";
import { ColorScaleFields, type ColorScale } from "./settings-fields";

interface SettingsFormProps {
  words: Copy;
  colorScale: ColorScale;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** fetcher.Form inside the dialog; Remix's Form on the standalone page. */
  FormComponent: typeof Form;
  cancel: React.ReactNode;
}

/**
 * The colour scale form with Conform showing the server's field errors. Validation is the
 * server's (app/modules/org/settings.schema.ts): two radios need no client-side zod, and keeping
 * zod out of the shell keeps it out of every page's first load.
 */
export function SettingsForm({ words, colorScale, redirectTo, lastResult, FormComponent, cancel }: SettingsFormProps) {
  const [form, fields] = useForm({
    id: "company-settings",
    lastResult: lastResult ?? undefined,
    defaultValue: { colorScale },
  });
  const field = fields.colorScale;
  return (
    <FormComponent method="post" action="/settings" {...getFormProps(form)} className="mt-4">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ColorScaleFields
        name={field.name}
        words={words}
        current={(field.initialValue as string | undefined) ?? colorScale}
        errors={field.errors}
        errorId={field.errorId}
      />
      {form.errors ? <p className="mt-2 text-sm text-red-600">{form.errors.join(" ")}</p> : null}
      <div className="mt-6 flex justify-end gap-2">
        {cancel}
        <Button type="submit">{words.save}</Button>
      </div>
    </FormComponent>
  );
}
