import type { SubmissionResult } from "@conform-to/react";
import { useFetcher, type Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Copy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { Modal } from "~/ui/dialog";
import type { CompanySettings } from "./settings-fields";
import { SettingsForm } from "./settings-form";

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  words: Copy;
  settings: CompanySettings;
  /** Where to land after saving (the current page without ?settings=1). */
  redirectTo: string;
}

/**
 * The Settings modal (ViewSettingsModal) with JavaScript: a Headless UI Dialog (focus moves in,
 * Escape closes, focus returns to the opener) whose form posts through a fetcher; the action
 * redirects back and the root shows the server's message. Loaded on demand by the shell: only
 * super admins ever open it, so nobody else downloads it.
 */
export default function SettingsDialog({ open, onClose, words, settings, redirectTo }: SettingsDialogProps) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const wasBusy = useRef(false);

  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
    } else if (wasBusy.current) {
      wasBusy.current = false;
      // A redirect (success) leaves no data behind; a 400 leaves field errors to show.
      if (!fetcher.data?.result) onClose();
    }
  }, [fetcher.state, fetcher.data, onClose]);

  return (
    <Modal open={open} onClose={onClose} title={words.settingsTitle}>
      <SettingsForm
        words={words}
        settings={settings}
        redirectTo={redirectTo}
        lastResult={fetcher.data?.result}
        FormComponent={fetcher.Form as unknown as typeof Form}
        cancel={
          <Button variant="secondary" onClick={onClose}>
            {words.cancel}
          </Button>
        }
      />
    </Modal>
  );
}
