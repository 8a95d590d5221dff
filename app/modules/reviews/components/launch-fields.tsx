import { copy } from "~/lib/copy";
import type { Platform } from "~/lib/permissions/registry";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { MANUAL_SHARERS, SHARE_AFTER, SHARE_WITH_BUILT_IN } from "../launch.schema";
import type { LaunchPage, LaunchFields as Fields, LaunchField as FieldMeta } from "./launch-types";

/** Pieces of the Launch Review form (000 §2): shared field styles, errors, dates and Share Result. */

export const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500";
export const panel = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm";

import { FieldError } from "~/ui/form-fields";

export { FieldError };

export function DateField({ label, field, defaultValue }: { label: string; field: FieldMeta; defaultValue: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={field.id}
        name={field.name}
        type="datetime-local"
        defaultValue={defaultValue}
        className={input}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The anonymous setting, with what it keeps and what it does not: who can still see reviewers'
 * names (ExpandAnonymousReportRows: on Teams-type admins and the reviewee's managers, on
 * Slack-type admins only) and the floor below which nobody else sees the answers.
 */
export function AnonymousField({
  field,
  checked,
  platform,
  anonymityFloor,
}: {
  field: FieldMeta;
  checked: boolean;
  platform: Platform;
  anonymityFloor: number;
}) {
  const words = copy(platform);
  const noteId = `${field.id}-note`;
  return (
    <div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name={field.name} defaultChecked={checked} aria-describedby={noteId} />
        Anonymous (reviewees do not see who reviewed them)
      </label>
      <p id={noteId} className="ml-6 mt-1 text-sm text-slate-600" data-anonymous-note>
        {words.anonymousNamesAudience} {words.anonymousFloorNote(anonymityMinimum(anonymityFloor))}
      </p>
    </div>
  );
}

export function ShareResult({
  fields,
  values,
  relationships,
}: {
  fields: Fields;
  values: LaunchPage["values"];
  relationships: Array<{ id: string; name: string }>;
}) {
  const shareWith = [...SHARE_WITH_BUILT_IN, ...relationships.map((r) => ({ value: `relationship:${r.id}`, label: r.name }))];
  return (
    <section className={`${panel} group/share`} aria-labelledby="share-heading">
      <h2 id="share-heading" className="text-base font-semibold text-slate-900">
        Share Result
      </h2>
      <label className="mt-3 flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name={fields.shareResults.name} defaultChecked={values.shareResults === "on"} />
        Share review results
      </label>
      <div className="mt-4 hidden space-y-4 group-has-[input[name=shareResults]:checked]/share:block">
        <fieldset aria-describedby={fields.shareWithType.errors ? fields.shareWithType.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">How</legend>
          <div className="mt-2 flex gap-6 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={fields.shareWithType.name} value="manual" defaultChecked={values.shareWithType === "manual"} />{" "}
              Manual
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.shareWithType.name}
                value="automated"
                defaultChecked={values.shareWithType === "automated"}
              />{" "}
              Automated
            </label>
          </div>
          <FieldError id={fields.shareWithType.errorId} errors={fields.shareWithType.errors} />
        </fieldset>
        <fieldset
          className="hidden group-has-[input[value=manual]:checked]/share:block"
          aria-describedby={fields.canShareResult.errors ? fields.canShareResult.errorId : undefined}
        >
          <legend className="text-sm font-medium text-slate-800">Who can share a completed result</legend>
          {MANUAL_SHARERS.map((o) => (
            <label key={o.value} className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.canShareResult.name}
                value={o.value}
                defaultChecked={values.canShareResult.includes(o.value)}
              />
              {o.label}
            </label>
          ))}
          <FieldError id={fields.canShareResult.errorId} errors={fields.canShareResult.errors} />
        </fieldset>
        <div className="hidden space-y-4 group-has-[input[value=automated]:checked]/share:block">
          <fieldset aria-describedby={fields.shareResultWith.errors ? fields.shareResultWith.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">Share with</legend>
            {shareWith.map((o) => (
              <label key={o.value} className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.shareResultWith.name}
                  value={o.value}
                  defaultChecked={values.shareResultWith.includes(o.value)}
                />
                {o.label}
              </label>
            ))}
            <FieldError id={fields.shareResultWith.errorId} errors={fields.shareResultWith.errors} />
          </fieldset>
          <fieldset aria-describedby={fields.shareResultAfter.errors ? fields.shareResultAfter.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">When</legend>
            {SHARE_AFTER.map((o) => (
              <label key={o.value} className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.shareResultAfter.name}
                  value={o.value}
                  defaultChecked={values.shareResultAfter === o.value}
                />
                {o.label}
              </label>
            ))}
            <FieldError id={fields.shareResultAfter.errorId} errors={fields.shareResultAfter.errors} />
          </fieldset>
        </div>
      </div>
    </section>
  );
}
