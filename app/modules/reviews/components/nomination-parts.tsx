import { Form } from "@remix-run/react";
import type { Person } from "~/modules/reviews/nominations.server";
import { Button } from "~/ui/button";
import { HEADER, Table } from "~/ui/table";
import { PAIR_STATE_LABELS, type PairState } from "../campaign-machine";

/** Checkboxes of people (named `reviewerIds`): a plain form field, so choosing works without JavaScript. */
export function PeoplePicker({ people, chosen, legend }: { people: Person[]; chosen: string[]; legend: string }) {
  if (people.length === 0) return <p className="text-sm text-slate-600">No one matches the search.</p>;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <ul className="mt-2 max-h-80 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
        {people.map((p) => (
          <li key={p.id}>
            <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
              <input type="checkbox" name="reviewerIds" value={p.id} defaultChecked={chosen.includes(p.id)} />
              <span className="text-slate-900">{p.name}</span>
              {p.title ? <span className="text-slate-500">· {p.title}</span> : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** One nominated pair's answer: Approve/Deny (or Accept/Decline) radios and a reason box. */
export function ResponseRow({
  pairId,
  name,
  labels,
  reasonLabel,
  chosen,
}: {
  pairId: string;
  name: string;
  labels: [accept: string, reject: string];
  reasonLabel: string;
  chosen?: { value?: string; reason?: string | null };
}) {
  return (
    <li className="rounded-md border border-slate-200 p-3" data-pair-id={pairId}>
      <input type="hidden" name="pairId" value={pairId} />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{name}</legend>
        <div className="mt-2 flex gap-4 text-sm">
          <label className="flex items-center gap-1">
            <input type="radio" name={`value.${pairId}`} value="accept" defaultChecked={chosen?.value === "accept"} />
            {labels[0]}
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name={`value.${pairId}`} value="reject" defaultChecked={chosen?.value === "reject"} />
            {labels[1]}
          </label>
        </div>
        <label htmlFor={`reason.${pairId}`} className="mt-2 block text-xs text-slate-600">
          {reasonLabel}
        </label>
        <textarea
          id={`reason.${pairId}`}
          name={`reason.${pairId}`}
          rows={2}
          maxLength={2000}
          defaultValue={chosen?.reason ?? ""}
          className="mt-1 w-full rounded-md border border-slate-300 p-2 text-sm"
        />
      </fieldset>
    </li>
  );
}

/** The people search of the nomination pages: a plain GET form (`?q=`). */
export function PeopleSearch({ q, className = "mt-4" }: { q: string; className?: string }) {
  return (
    <Form method="get" className={`${className} flex gap-2`} role="search">
      <label htmlFor="q" className="sr-only">
        Search people
      </label>
      <input
        id="q"
        name="q"
        type="search"
        defaultValue={q}
        placeholder="Search by name or e-mail"
        className="w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}

/** The answers to nominated pairs, one row each, and the form's submit button. */
export function ResponseList({
  pairs,
  labels,
  reasonLabel,
  chosen,
  disabled,
}: {
  pairs: Array<{ id: string; name: string }>;
  labels: [accept: string, reject: string];
  reasonLabel: string;
  chosen?: Array<{ pairId: string; value?: string; reason?: string | null }>;
  disabled: boolean;
}) {
  return (
    <>
      <ul className="space-y-3">
        {pairs.map((p) => (
          <ResponseRow
            key={p.id}
            pairId={p.id}
            name={p.name}
            labels={labels}
            reasonLabel={reasonLabel}
            chosen={chosen?.find((r) => r.pairId === p.id)}
          />
        ))}
      </ul>
      <div className="flex justify-end">
        <Button type="submit" disabled={disabled}>
          Submit
        </Button>
      </div>
    </>
  );
}

/** Nominations already answered, read-only: the other person, the state and (for the manager) the comment. */
export function AnsweredTable({
  rows,
  personLabel,
  withComment,
}: {
  rows: Array<{ id: string; name: string; state: PairState; declineComment?: string | null }>;
  personLabel: string;
  withComment: boolean;
}) {
  if (rows.length === 0) return null;
  return (
    <Table
      label="Answered nominations"
      className="mt-6 w-full text-left text-sm"
      headRowClassName={HEADER.rule}
      columnClassName="py-2"
      columns={[personLabel, "Status", withComment ? "Comment" : null]}
    >
        {rows.map((p) => (
          <tr key={p.id} className="border-b border-slate-100" data-pair-state={p.state}>
            <td className="py-2">{p.name}</td>
            <td className="py-2">{PAIR_STATE_LABELS[p.state]}</td>
            {withComment ? <td className="py-2">{p.declineComment ?? ""}</td> : null}
          </tr>
        ))}
    </Table>
  );
}
