import type { Copy } from "~/lib/copy";
import { FieldError } from "~/ui/form-fields";

import { DEFAULT_ANONYMITY_FLOOR, MAX_ANONYMITY_FLOOR } from "~/modules/access/anonymity";

export type ColorScale = "default" | "reverse";

export interface CompanySettings {
  colorScale: ColorScale;
  anonymityFloor: number;
}

/**
 * The colour scale choice (002 §2.8, §9) as native radios: they work without JavaScript and
 * carry the keyboard behaviour screen-reader users expect.
 */
export function ColorScaleFields({
  name,
  words,
  current,
  errors,
  errorId,
}: {
  name: string;
  words: Copy;
  current: string;
  errors?: string[];
  errorId?: string;
}) {
  const options: Array<[ColorScale, string]> = [
    ["default", words.colorScaleDefault],
    ["reverse", words.colorScaleReverse],
  ];
  return (
    <fieldset aria-describedby={errors ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{words.colorScaleLegend}</legend>
      <div className="mt-3 space-y-2">
        {options.map(([value, label]) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
          >
            <input type="radio" name={name} value={value} defaultChecked={current === value} className="size-4 accent-indigo-600" />
            <span className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`h-2.5 w-12 rounded-full ${value === "default" ? "bg-gradient-to-r from-sky-500 to-red-500" : "bg-gradient-to-r from-red-500 to-sky-500"}`}
              />
              {label}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId ?? `${name}-error`} errors={errors} />
    </fieldset>
  );
}

/**
 * The company's anonymity minimum: a native number input (min, step) with its hint tied to it,
 * so the rule is announced with the field and the browser refuses a value below the floor.
 */
export function AnonymityFloorField({
  name,
  words,
  current,
  errors,
  errorId,
}: {
  name: string;
  words: Copy;
  current: number | string;
  errors?: string[];
  errorId?: string;
}) {
  const hintId = `${name}-hint`;
  return (
    <div className="mt-5">
      <label htmlFor={name} className="text-sm font-medium text-slate-900">
        {words.anonymityFloorLabel}
      </label>
      <input
        id={name}
        name={name}
        type="number"
        inputMode="numeric"
        min={DEFAULT_ANONYMITY_FLOOR}
        max={MAX_ANONYMITY_FLOOR}
        step={1}
        required
        defaultValue={current}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors && errorId ? `${hintId} ${errorId}` : hintId}
        className="mt-2 block w-24 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-indigo-600 focus:outline-none focus:ring-1 focus:ring-indigo-600"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {words.companyFloorHint(DEFAULT_ANONYMITY_FLOOR)}
      </p>
      <FieldError id={errorId ?? `${name}-error`} errors={errors} />
    </div>
  );
}

/** The per-kind notification channels live on the Settings page (a plain link: it works without JavaScript). */
export function NotificationsLink({ words }: { words: Copy }) {
  return (
    <p className="mt-4 text-sm">
      <a href="/settings#notifications" className="font-medium text-indigo-700 underline hover:text-indigo-900">
        {words.notificationPrefs.openSection}
      </a>
    </p>
  );
}
