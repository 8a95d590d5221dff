import type { Copy } from "~/lib/copy";

export type ColorScale = "default" | "reverse";

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
      {errors ? (
        <p id={errorId} className="mt-2 text-sm text-red-600">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
