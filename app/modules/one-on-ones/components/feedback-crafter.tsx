import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { sharedCopy } from "~/lib/copy";
import { Button, buttonClass } from "~/ui/button";
import { FieldError } from "~/ui/form-fields";
import { useHydrated } from "~/ui/use-hydrated";
import { aiFeedbackSchema } from "../ai-feedback.schema";
import { MAX_FEEDBACK_LENGTH } from "../ai-feedback-rules";
import type { AiFeedbackView, CraftPageData, CraftReply } from "../ai-feedback-page.server";
import { AiScore, CraftingPanel, type Tab } from "./crafting-panel";
import { SelectionFields, SelectionMenu } from "./crafting-selection-menu";

/**
 * The feedback crafting tool (001 §2 prepare feedback), the same in the full page and in the
 * detail page's dialog: 'Your feedback', the selection menu, the right panel (420 px, 001 §9) and
 * Cancel, Refresh AI score, Submit. One form of intents (ai-feedback.schema.ts). Without
 * JavaScript every button submits the page; with JavaScript the form posts through a fetcher, so
 * the page stays and the text the person keeps typing while the AI works is never overwritten.
 */

const T = sharedCopy.aiCrafting;

function newest(a: AiFeedbackView | null, b: AiFeedbackView | null | undefined) {
  if (!b) return a;
  if (!a || a.id !== b.id) return b;
  return b.version >= a.version ? b : a;
}

export function FeedbackCrafter({
  page,
  reply,
  mode,
  onClose,
}: {
  page: CraftPageData;
  reply: CraftReply | null;
  mode: "page" | "dialog";
  onClose?: () => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<CraftReply>();
  const navigation = useNavigation();
  const answered = fetcher.data ?? null;
  const last = answered ?? reply;
  const feedback = newest(page.feedback, answered?.feedback);
  const editable = page.editable && !feedback?.isSubmitted;
  const idPrefix = `craft-${mode}`;

  const initialText = (reply?.result?.initialValue?.userFeedback as string | undefined) ?? page.feedback?.userFeedback ?? "";
  const [text, setText] = useState(initialText);
  const sent = useRef<string | null>(null);
  const [kept, setKept] = useState(false);
  const version = feedback?.version ?? 0;
  const seenVersion = useRef(version);
  useEffect(() => {
    if (version === seenVersion.current || !feedback) return;
    seenVersion.current = version;
    // A new stored version: show its text unless the person typed on while it was being made.
    if (sent.current === null || text === sent.current) {
      setText(feedback.userFeedback);
      setKept(false);
    } else setKept(true);
    sent.current = null;
    setMenuOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const [tab, setTab] = useState<Tab>("specificity");
  const action = page.action;

  const lastIntent = useRef<string | null>(null);
  const submitThrough = (formData: FormData) => {
    formData.set("js", "1");
    lastIntent.current = String(formData.get("intent") ?? "");
    sent.current = String(formData.get("userFeedback") ?? "");
    fetcher.submit(formData, { method: "post", action });
  };

  const [form, fields] = useForm({
    id: `craft-${page.oneOnOneId}-${mode}`,
    lastResult: last?.result as SubmissionResult<string[]> | undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: aiFeedbackSchema }),
    onSubmit: (event, { formData }) => {
      if (!hydrated) return;
      event.preventDefault();
      submitThrough(formData);
    },
  });

  const area = useRef<HTMLTextAreaElement>(null);
  const [selection, setSelection] = useState("");
  const [menuOpen, setMenuOpen] = useState(false);
  const readSelection = () => {
    const t = area.current;
    setSelection(t && t.selectionStart !== t.selectionEnd ? t.value.slice(t.selectionStart, t.selectionEnd) : "");
  };
  const openMenu = () => {
    readSelection();
    const t = area.current;
    if (t && t.selectionStart !== t.selectionEnd) setMenuOpen(true);
  };
  const refine = (instruction: string) => {
    const el = document.getElementById(form.id) as HTMLFormElement | null;
    if (!el) return;
    const formData = new FormData(el);
    formData.set("intent", "refineText");
    formData.set("selectedText", selection);
    formData.set("modificationInstruction", instruction);
    submitThrough(formData);
  };

  const busy = fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formAction === action);
  const error = last?.error ?? null;
  const textErrors = fields.userFeedback.errors;
  const intent = fetcher.formData?.get("intent");

  return (
    <>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px]" data-crafter={mode}>
        <input type="hidden" name="id" value={feedback?.id ?? "new"} />
        <input type="hidden" name="version" value={version} />
        <div className="space-y-4">
          {error ? (
            <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-craft-error>
              {error}
            </p>
          ) : null}
          {!page.isReviewer ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{T.readOnlyViewer}</p> : null}
          {page.isReviewer && feedback?.isSubmitted ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{T.readOnlySubmitted}</p> : null}
          <div>
            <label htmlFor={`${idPrefix}-text`} className="block text-sm font-semibold text-slate-900">
              {T.yourFeedback}
            </label>
            {editable ? (
              <p id={`${idPrefix}-text-hint`} className="mt-1 text-xs text-slate-600">
                {T.yourFeedbackHint}
              </p>
            ) : null}
            <textarea
              ref={area}
              id={`${idPrefix}-text`}
              name="userFeedback"
              rows={mode === "page" ? 14 : 10}
              maxLength={MAX_FEEDBACK_LENGTH}
              value={text}
              readOnly={!editable}
              onChange={(e) => setText(e.target.value)}
              onSelect={readSelection}
              onContextMenu={(e) => {
                if (!editable || !hydrated) return;
                const t = e.currentTarget;
                if (t.selectionStart === t.selectionEnd) return;
                e.preventDefault();
                openMenu();
              }}
              aria-invalid={textErrors ? true : undefined}
              aria-describedby={[editable ? `${idPrefix}-text-hint` : "", textErrors ? `${idPrefix}-text-error` : ""].filter(Boolean).join(" ") || undefined}
              className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2 text-sm leading-6"
            />
            <FieldError id={`${idPrefix}-text-error`} errors={textErrors} alert />
            {kept ? <p className="mt-1 text-xs text-amber-800">{T.unsavedKept}</p> : null}
            {editable && hydrated && feedback ? (
              <div className="mt-2">
                <Button type="button" variant="secondary" disabled={!selection || busy} onClick={openMenu} aria-haspopup="dialog">
                  {T.refineSelection}
                </Button>
              </div>
            ) : null}
          </div>
          {editable && !hydrated && feedback ? (
            <SelectionFields
              idPrefix={idPrefix}
              errors={{
                selectedText: fields.selectedText.errors,
                modificationInstruction: fields.modificationInstruction.errors,
              }}
              busy={busy}
            />
          ) : null}
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            {mode === "dialog" && onClose ? (
              <Button type="button" variant="secondary" onClick={onClose}>
                {T.cancel}
              </Button>
            ) : (
              <Link to={page.backTo} className={buttonClass("secondary")}>
                {T.cancel}
              </Link>
            )}
            {editable ? (
              <>
                <Button type="submit" name="intent" value={feedback ? "refreshScore" : "create"} variant="secondary" disabled={busy}>
                  {busy && (intent === "refreshScore" || intent === "create") ? T.working : T.refreshScore}
                </Button>
                {feedback ? (
                  <Button type="submit" name="intent" value="submit" disabled={busy}>
                    {T.submit}
                  </Button>
                ) : null}
              </>
            ) : null}
            {busy ? (
              <span role="status" className="self-center text-sm text-slate-600">
                {T.working}
              </span>
            ) : null}
          </div>
        </div>
        <aside aria-label={T.aiScore} className="lg:w-[420px]">
          {feedback ? (
            <CraftingPanel
              key={`${feedback.id}-${feedback.version}`}
              feedback={feedback}
            tab={tab}
            onTab={setTab}
            typed={reply && !hydrated && feedback.version === page.feedback?.version ? (reply.result?.initialValue as Record<string, unknown> | undefined) : undefined}
              competencies={page.competencies}
              editable={editable}
              hydrated={hydrated}
              busy={busy}
              idPrefix={idPrefix}
              errors={{
                situation: fields.situation.errors,
                openingStatement: fields.openingStatement.errors,
                actionableSteps: fields.actionableSteps.errors,
                competencyId: fields.competencyId.errors,
              }}
            />
          ) : (
            <AiScore score={null} />
          )}
        </aside>
      </Form>
      {hydrated && editable ? (
        <SelectionMenu
          open={menuOpen}
          selectedText={selection}
          busy={busy}
          error={menuOpen && lastIntent.current === "refineText" ? error : null}
          onClose={() => {
            setMenuOpen(false);
            area.current?.focus();
          }}
          onRefine={refine}
        />
      ) : null}
    </>
  );
}
