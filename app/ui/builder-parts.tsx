import { getFormProps, getInputProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode, type RefObject } from "react";
import type { z } from "zod";
import { Button, buttonClass, FullPreviewButton } from "./button";
import { Modal } from "./dialog";
import { FieldError, INPUT_CLASS, type Field } from "./form-fields";
import { useHydrated } from "./use-hydrated";

/**
 * What the questionnaire builder (000 §2) and the survey builder (001 §2) share: one Conform form
 * holding a name and a list of blocks on the left, the live preview on the right, a Full Preview
 * that is a dialog with JavaScript and a section of the page without it, and save buttons that
 * say what they are doing. Every list change is a Conform intent button, so it all works without
 * JavaScript: the page answers a list intent with the changed form and saves nothing.
 */

/** Any builder's form (Conform's own helpers take any schema too). */
type AnyForm = FormMetadata<any, string[]>;

/**
 * The builder's one form, validated by `schema` on submit and again on every input after that; the
 * server's answer (`lastResult`) is applied once the page is idle again.
 */
export function useBuilderForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  {
    id,
    defaultValue,
    lastResult,
  }: { id: string; defaultValue: DefaultValue<z.output<Schema>>; lastResult: SubmissionResult<string[]> | undefined }
) {
  const navigation = useNavigation();
  return useForm<z.output<Schema>>({
    id,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

/** Conform's insert button for a list named at run time (its typing wants a literal name). */
export function insertButtonProps(form: AnyForm, name: string, defaultValue: unknown, index?: number) {
  const insert = form.insert.getButtonProps as (options: {
    name: string;
    index?: number;
    defaultValue?: unknown;
  }) => ReturnType<AnyForm["insert"]["getButtonProps"]>;
  return insert({ name, index, defaultValue });
}

/** The Full Preview: opened by its button (with JavaScript) or asked for by a `preview=full` submission (without). */
export function useFullPreview(actionData: { fullPreview?: boolean } | undefined) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  const asked = Boolean(actionData?.fullPreview && navigation.state === "idle");
  return {
    /** Without JavaScript the dialog cannot open: the preview is shown above the builder. */
    inPage: !hydrated && asked,
    open: opened || (hydrated && asked),
    show: () => setOpened(true),
    close: () => setOpened(false),
  };
}

export type FullPreview = ReturnType<typeof useFullPreview>;

/** Which save button was pressed (its `intent`), and what it says while the page saves and then redirects. */
export function useSaveState() {
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : "";
  return {
    busy: submitting !== "",
    label: (intent: string, idle: string) =>
      submitting !== intent ? idle : navigation.state === "loading" ? "Redirecting..." : "Saving...",
  };
}

/** A submit button of the builder form named `intent`, disabled while any save is under way. */
export function SaveButton({
  intent,
  variant,
  form,
  children,
}: {
  intent: string;
  variant?: "primary" | "secondary";
  /** The form's id, for a button rendered outside it (a dialog). */
  form?: string;
  children: string;
}) {
  const { busy, label } = useSaveState();
  return (
    <Button type="submit" form={form} name="intent" value={intent} variant={variant} disabled={busy}>
      {label(intent, children)}
    </Button>
  );
}

/**
 * Focus in a builder's list of blocks: `focusBlock(key)` moves focus, 500 ms later, to the first
 * control of the block whose `data-block-key` is `key` (000 §9 and 001 §9: an added or duplicated
 * question takes focus), scrolled to the middle when `scroll`. After a failed submission every
 * invalid block (`details[data-invalid]`) opens and the first invalid control takes focus.
 */
export function useBlockFocus(
  form: Pick<AnyForm, "id" | "status" | "allErrors">,
  listRef: RefObject<HTMLElement>,
  { scroll = false }: { scroll?: boolean } = {}
) {
  const [focusKey, focusBlock] = useState<string | null>(null);
  useEffect(() => {
    if (!focusKey) return;
    // Someone who has moved on before the delay is up (typing in another field) keeps their place.
    const focusedThen = document.activeElement;
    const timer = window.setTimeout(() => {
      const block = listRef.current?.querySelector<HTMLElement>(`[data-block-key="${CSS.escape(focusKey)}"]`);
      const now = document.activeElement;
      if (now === focusedThen || now === document.body || now === null || !now.isConnected) {
        block?.querySelector<HTMLElement>("input:not([type=hidden]),textarea,select")?.focus();
      }
      if (scroll) block?.scrollIntoView({ block: "center", behavior: "smooth" });
      focusBlock(null);
    }, 500);
    return () => window.clearTimeout(timer);
  }, [focusKey, listRef, scroll]);

  const { status, id, allErrors } = form;
  useEffect(() => {
    if (status !== "error" || !listRef.current) return;
    listRef.current.querySelectorAll<HTMLDetailsElement>("details[data-invalid]").forEach((d) => (d.open = true));
    const first = document.querySelector<HTMLElement>(`#${CSS.escape(id)} [aria-invalid="true"]`);
    first?.scrollIntoView({ block: "center" });
    first?.focus();
  }, [status, id, allErrors, listRef]);

  return focusBlock;
}

/**
 * The builder's page below its header: the form (`children` on the left, under a hidden `heading`)
 * beside the live `preview`, and the same preview as the Full Preview, a dialog or (without
 * JavaScript) a section above the form.
 */
export function BuilderForm({
  form,
  heading,
  preview,
  fullPreview,
  children,
}: {
  form: AnyForm;
  heading: string;
  preview: ReactNode;
  fullPreview: FullPreview;
  children: ReactNode;
}) {
  return (
    <>
      {fullPreview.inPage ? (
        <section
          role="dialog"
          aria-labelledby="full-preview-title"
          className="mb-6 rounded-lg border border-indigo-200 bg-white p-5 shadow-sm"
        >
          <h2 id="full-preview-title" className="mb-4 text-lg font-semibold text-slate-900">
            Full Preview
          </h2>
          {preview}
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="builder-heading" className="space-y-4">
          <h2 id="builder-heading" className="sr-only">
            {heading}
          </h2>
          {children}
        </section>
        <section aria-labelledby="preview-heading" className="lg:sticky lg:top-4 lg:self-start">
          <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="preview-heading" className="mb-4 text-sm font-semibold uppercase tracking-wide text-slate-500">
              Preview
            </h2>
            {preview}
          </div>
        </section>
      </Form>
      <Modal open={fullPreview.open} onClose={fullPreview.close} title="Full Preview" size="lg">
        <div className="mt-4 max-h-[70vh] overflow-y-auto pr-1">{preview}</div>
        <div className="mt-4 flex justify-end">
          <Button type="button" variant="secondary" onClick={fullPreview.close}>
            Close
          </Button>
        </div>
      </Modal>
    </>
  );
}

/** The name of what is built, in its own card; `children` go under it (a builder's own settings). */
export function NameField({ field, label, children }: { field: Field<string | undefined>; label: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <input {...getInputProps(field, { type: "text" })} className={INPUT_CLASS} />
      <FieldError id={field.errorId} errors={field.errors} />
      {children}
    </div>
  );
}

/** The row of buttons under the blocks: Full Preview, then the builder's own (`children`). */
export function BuilderButtons({ fullPreview, children }: { fullPreview: FullPreview; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <FullPreviewButton onOpen={fullPreview.show} />
      {children}
    </div>
  );
}

/** Move up / down, duplicate and delete of a block in its list. */
export function BlockActions({
  form,
  listName,
  index,
  count,
  what,
  label = `Actions of ${what}`,
  upBlocked = false,
  downBlocked = false,
  duplicateValue,
  onDuplicate,
}: {
  form: AnyForm;
  listName: string;
  index: number;
  count: number;
  /** "question 3", "block 2 of group 1": for the buttons' accessible names. */
  what: string;
  /** The group's accessible name. */
  label?: string;
  /** A neighbour that may not be moved past (a locked question, 001 §4). */
  upBlocked?: boolean;
  downBlocked?: boolean;
  /** The copy's form value; null when it may not be copied. */
  duplicateValue: Record<string, unknown> | null;
  onDuplicate: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3" role="group" aria-label={label}>
      <button
        className={buttonClass("ghost")}
        disabled={index === 0 || upBlocked}
        {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
        aria-label={`Move ${what} up`}
      >
        Move up
      </button>
      <button
        className={buttonClass("ghost")}
        disabled={index === count - 1 || downBlocked}
        {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
        aria-label={`Move ${what} down`}
      >
        Move down
      </button>
      {duplicateValue ? (
        <button
          className={buttonClass("ghost")}
          {...insertButtonProps(form, listName, duplicateValue, index + 1)}
          onClick={onDuplicate}
          aria-label={`Duplicate ${what}`}
        >
          Duplicate
        </button>
      ) : null}
      <button className={buttonClass("ghost")} {...form.remove.getButtonProps({ name: listName, index })} aria-label={`Delete ${what}`}>
        Delete
      </button>
    </div>
  );
}

/** A builder's error boundary: what it edits not found (404, also another company's). */
export { MissingRecordBoundary as BuilderErrorBoundary } from "./missing-record";
