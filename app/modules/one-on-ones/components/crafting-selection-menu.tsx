import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState } from "react";
import { sharedCopy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { FieldError, INPUT_CLASS } from "~/ui/form-fields";

/**
 * Refining a passage of the feedback (001 §2 "right-click selection menu", §7
 * /text-refinement-agent; 001 §9 "Context menu modal width 426 px"). With JavaScript: a small
 * dialog opened by right-clicking a selection (or the context-menu key, or the Refine selection
 * button) asks how the selected text should change; focus moves to the instruction and returns
 * where it was on close. Without JavaScript: fields of the tool's form.
 */

const T = sharedCopy.aiCrafting;

export function SelectionMenu({
  open,
  selectedText,
  busy,
  error,
  onClose,
  onRefine,
}: {
  open: boolean;
  selectedText: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onRefine: (instruction: string) => void;
}) {
  const [instruction, setInstruction] = useState("");
  const [missing, setMissing] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[60]">
      <div className="fixed inset-0 bg-slate-900/20" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-[426px] max-w-full rounded-lg bg-white p-4 shadow-xl" data-selection-menu>
          <DialogTitle className="text-base font-semibold text-slate-900">{T.refineTitle}</DialogTitle>
          <form
            className="mt-3 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              // The dialog is rendered beside the tool's form: its submit must not reach that form's handler.
              e.stopPropagation();
              if (!instruction.trim()) {
                setMissing(true);
                return;
              }
              onRefine(instruction.trim());
            }}
          >
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{T.selectedText}</p>
              <blockquote className="mt-1 max-h-32 overflow-y-auto border-l-2 border-indigo-300 pl-2 text-sm text-slate-800">{selectedText}</blockquote>
            </div>
            <div>
              <label htmlFor="refine-instruction" className="block text-sm font-medium text-slate-900">
                {T.modificationInstruction}
              </label>
              <input
                id="refine-instruction"
                autoFocus
                value={instruction}
                maxLength={1000}
                placeholder={T.instructionPlaceholder}
                onChange={(e) => {
                  setInstruction(e.target.value);
                  setMissing(false);
                }}
                aria-invalid={missing || undefined}
                aria-describedby={missing || error ? "refine-instruction-error" : undefined}
                className={INPUT_CLASS}
              />
              <FieldError id="refine-instruction-error" errors={missing ? [T.errors.noInstruction] : error ? [error] : undefined} alert />
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={onClose}>
                {T.cancel}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? T.working : T.refine}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The same call as fields of the tool's form, for a browser without JavaScript. */
export function SelectionFields({
  idPrefix,
  errors,
  busy,
}: {
  idPrefix: string;
  errors: { selectedText?: string[]; modificationInstruction?: string[] };
  busy: boolean;
}) {
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{T.refineTitle}</legend>
      <p className="text-xs text-slate-600">{T.refineNoJsHint}</p>
      <div>
        <label htmlFor={`${idPrefix}-selected`} className="block text-sm font-medium text-slate-900">
          {T.selectedText}
        </label>
        <textarea id={`${idPrefix}-selected`} name="selectedText" rows={2} className={INPUT_CLASS} />
        <FieldError id={`${idPrefix}-selected-error`} errors={errors.selectedText} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-instruction`} className="block text-sm font-medium text-slate-900">
          {T.modificationInstruction}
        </label>
        <input id={`${idPrefix}-instruction`} name="modificationInstruction" placeholder={T.instructionPlaceholder} className={INPUT_CLASS} />
        <FieldError id={`${idPrefix}-instruction-error`} errors={errors.modificationInstruction} />
      </div>
      <Button type="submit" name="intent" value="refineText" variant="secondary" disabled={busy}>
        {T.refine}
      </Button>
    </fieldset>
  );
}
