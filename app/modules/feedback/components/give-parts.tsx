import { Form, Link } from "@remix-run/react";
import { peopleSearchUrl } from "~/modules/people/search";
import { Button, buttonClass } from "~/ui/button";
import { PeoplePicker, type PickerPerson } from "~/ui/people-picker";
import { FORMAT_LABELS, GIVE_MESSAGES } from "../give";
import { FEEDBACK_FORMATS, type FeedbackFormat } from "../loop-types";

/** Choosing a colleague: a GET form (the address keeps the choice), so it works without JavaScript. */
export function ColleagueStep({
  label,
  action,
  hidden = {},
  chosen,
  q,
  matches,
  invalid,
  submitLabel = "Continue",
}: {
  label: string;
  action: string;
  hidden?: Record<string, string>;
  chosen: PickerPerson | null;
  q: string;
  matches: PickerPerson[] | null;
  invalid?: boolean;
  submitLabel?: string;
}) {
  return (
    <Form method="get" action={action} className="space-y-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-colleague-step>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <PeoplePicker label={label} name="to" searchUrl={peopleSearchUrl("colleagues")} chosen={chosen ? [chosen] : []} queryName="q" query={q} matches={matches} />
      {invalid ? (
        <p role="alert" className="text-sm text-red-700">
          {GIVE_MESSAGES.chooseColleague}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary">
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** The chosen colleague, with a way to choose another. */
export function ChosenColleague({ label, name, changeTo }: { label: string; name: string; changeTo: string }) {
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      <span>
        {label}: <strong className="text-slate-900">{name}</strong>
      </span>
      <Link to={changeTo} className="text-indigo-700 underline">
        Change
      </Link>
    </p>
  );
}

/** The format to fill in, as links (the address keeps it), one of SBI, SaD and free text. */
export function FormatTabs({ current, hrefOf }: { current: FeedbackFormat; hrefOf: (format: FeedbackFormat) => string }) {
  return (
    <nav aria-label="Feedback format" className="flex flex-wrap gap-2">
      {FEEDBACK_FORMATS.map((f) => (
        <Link
          key={f}
          to={hrefOf(f)}
          aria-current={f === current ? "page" : undefined}
          className={buttonClass(f === current ? "primary" : "secondary")}
          preventScrollReset
        >
          {FORMAT_LABELS[f]}
        </Link>
      ))}
    </nav>
  );
}
