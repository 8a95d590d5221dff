import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { oneOnOnesCopy as t } from "~/lib/copy";
import { Button, buttonClass } from "~/ui/button";
import { FieldError } from "~/ui/form-fields";
import { NOTES_MAX, NotesSchema } from "../one-on-ones.schema";

/**
 * Notes (001 §4, §6): the viewer's own shared and private notes in view mode, Edit, then Submit
 * (the page reloads) or Cancel. Without JavaScript Edit is the page state `?notes=edit`. The other
 * side's shared notes are read here too; nobody's private notes but one's own ever reach the page.
 */
export function NotesCard({
  meetingId,
  notes,
  sharedNotesOf,
  requestId,
  lastResult,
  refusal,
}: {
  meetingId: string;
  notes: { sharedNotes: string; privateNotes: string; editing: boolean } | null;
  sharedNotesOf: Array<{ role: string; name: string; text: string }>;
  requestId: string;
  lastResult?: SubmissionResult<string[]>;
  refusal?: string;
}) {
  const [editing, setEditing] = useState(Boolean(notes?.editing || lastResult || refusal));
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef<HTMLTextAreaElement>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      return;
    }
    (editing ? first.current : heading.current)?.focus();
  }, [editing]);
  const base = `/one-on-ones/${encodeURIComponent(meetingId)}`;
  return (
    <section aria-labelledby="notes-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-card="notes">
      <div className="flex items-center justify-between">
        <h2 id="notes-title" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
          {t.notesTitle}
        </h2>
        {notes && !editing ? (
          <Link
            to={`${base}?notes=edit`}
            preventScrollReset
            className={buttonClass("secondary")}
            data-edit-notes
            onClick={(event) => {
              event.preventDefault();
              setEditing(true);
            }}
          >
            {t.editNotes}
          </Link>
        ) : null}
      </div>
      {notes ? (
        editing ? (
          <NotesForm base={base} notes={notes} requestId={requestId} lastResult={lastResult} refusal={refusal} onCancel={() => setEditing(false)} firstRef={first} />
        ) : (
          <dl className="space-y-3" data-notes-view>
            <Note label={t.sharedNotes} hint={t.sharedNotesHint} text={notes.sharedNotes} field="shared" />
            <Note label={t.privateNotes} hint={t.privateNotesHint} text={notes.privateNotes} field="private" />
          </dl>
        )
      ) : null}
      {sharedNotesOf.length ? (
        <dl className="space-y-3 border-t border-slate-100 pt-3">
          {sharedNotesOf.map((n) => (
            <Note key={n.role} label={`${t.sharedNotes}: ${n.name}`} text={n.text} field={`shared-${n.role}`} />
          ))}
        </dl>
      ) : null}
    </section>
  );
}

function Note({ label, hint, text, field }: { label: string; hint?: string; text: string; field: string }) {
  return (
    <div data-note={field}>
      <dt className="text-sm font-medium text-slate-900">
        {label}
        {hint ? <span className="ml-2 text-xs font-normal text-slate-500">{hint}</span> : null}
      </dt>
      <dd className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{text || <span className="italic text-slate-500">{t.noNotes}</span>}</dd>
    </div>
  );
}

function NotesForm({
  base,
  notes,
  requestId,
  lastResult,
  refusal,
  onCancel,
  firstRef,
}: {
  base: string;
  notes: { sharedNotes: string; privateNotes: string };
  requestId: string;
  lastResult?: SubmissionResult<string[]>;
  refusal?: string;
  onCancel: () => void;
  firstRef: React.RefObject<HTMLTextAreaElement>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "notes",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { sharedNotes: notes.sharedNotes, privateNotes: notes.privateNotes },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NotesSchema }),
  });
  return (
    <Form method="post" action={base} {...getFormProps(form)} className="space-y-4" data-notes-form>
      <input type="hidden" name="intent" value="notes" />
      <input type="hidden" name="requestId" value={requestId} />
      {refusal ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <NotesField field={fields.sharedNotes} label={t.sharedNotes} hint={t.sharedNotesHint} stored={notes.sharedNotes} inputRef={firstRef} />
      <NotesField field={fields.privateNotes} label={t.privateNotes} hint={t.privateNotesHint} stored={notes.privateNotes} />
      <div className="flex justify-end gap-2">
        <Link
          to={base}
          preventScrollReset
          className={buttonClass("secondary")}
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
        >
          {t.cancelNotes}
        </Link>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t.submitNotes}
        </Button>
      </div>
    </Form>
  );
}

/** One of the two notes (shared or private): its label and hint, the text area and its error. */
function NotesField({
  field,
  label,
  hint,
  stored,
  inputRef,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint: string;
  stored: string;
  inputRef?: React.RefObject<HTMLTextAreaElement>;
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-900">
        {label} <span className="text-xs font-normal text-slate-500">{hint}</span>
      </label>
      <textarea
        ref={inputRef}
        id={field.id}
        name={field.name}
        defaultValue={(field.initialValue as string | undefined) ?? stored}
        rows={4}
        maxLength={NOTES_MAX}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
