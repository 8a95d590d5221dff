import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { sharedCopy } from "~/lib/copy";
import { showToast } from "~/lib/toast";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { Modal } from "~/ui/dialog";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { useHydrated } from "~/ui/use-hydrated";
import { configPath, libraryLoopPath, type ConfigPage, type SectionReply } from "../config-page";
import { AudienceSection, FeedbackForSection } from "./config-audience";
import { ConfigPreview } from "./config-preview";
import {
  AnonymitySection,
  ChannelPostHint,
  DeadlineSection,
  DeliverySection,
  FeedbackTypeSection,
  MessageSection,
  ScheduleSection,
} from "./config-settings";

/**
 * The configuration page (002 §2.4): the settings on the left, each its own form, the preview on
 * the right, Previous and Launch Now under them. With JavaScript a saved setting's answer
 * replaces the loop shown; without it each Save reloads the page.
 */
export function ConfigScreen() {
  const loaded = useLoaderData<{ page: ConfigPage | null; confirm: boolean }>();
  const reply = useActionData<SectionReply>() ?? undefined;
  const [page, setPage] = useState<ConfigPage | null>(loaded.page);
  useEffect(() => setPage(loaded.page), [loaded.page]);
  if (!page) return <EmptyState title={sharedCopy.workflowNotFound} />;
  const onSaved = (next: ConfigPage) => setPage((now) => (!now || next.version >= now.version ? next : now));
  const props = { page, reply, onSaved };
  const companyType = page.saved.workflowType === "company-feedback";
  // A refusal of a setting the page does not offer (a crafted post) still says why.
  const hidden =
    (reply?.intent === "feedbackType" && page.platform !== "slack") ||
    (reply?.intent === "feedbackFor" && companyType) ||
    (reply?.intent === "anonymity" && page.templateType !== "feedback");
  const hiddenError = hidden ? Object.values(reply?.result?.error ?? {}).flat().find(Boolean) : undefined;
  return (
    <>
      <PageHeader title={sharedCopy.configureLoopTitle} description={`${page.title} · ${page.templateName}`} />
      {hiddenError ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {hiddenError}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6" aria-label="Configurations">
          {page.platform === "slack" ? <FeedbackTypeSection {...props} /> : null}
          <AudienceSection {...props} />
          {companyType ? null : <FeedbackForSection {...props} />}
          {page.templateType === "feedback" ? <AnonymitySection {...props} /> : null}
          <DeadlineSection {...props} />
          {page.platform === "slack" && page.saved.audienceType === "channels" ? <ChannelPostHint page={page} /> : null}
          <div className="space-y-6" role="group" aria-labelledby="notifications-heading">
            <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900">
              Notifications
            </h2>
            <ScheduleSection {...props} />
            <MessageSection {...props} />
            <DeliverySection {...props} />
          </div>
        </div>
        <div className="lg:sticky lg:top-4 lg:self-start">
          <ConfigPreview page={page} />
        </div>
      </div>
      <LaunchFooter page={page} confirm={loaded.confirm} reply={reply} />
    </>
  );
}

/**
 * Previous, and Launch Now: the first unmet launch requirement (launch-check.ts) with its
 * message, or the confirmation 'Launch Feedback Loop'. Without JavaScript Launch Now is a link
 * that shows the same in the page (`?launch=confirm`).
 */
function LaunchFooter({ page, confirm, reply }: { page: ConfigPage; confirm: boolean; reply: SectionReply | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [checked, setChecked] = useState(false);
  // Each press of Launch Now takes the focus to the requirement it shows.
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState(false);
  const blockerRef = useRef<HTMLParagraphElement>(null);
  const here = configPath(page.templateType, page.id);
  const launchError = reply?.intent === "launch" ? reply.launchError : undefined;
  useEffect(() => {
    if (launchError) showToast({ type: "error", message: launchError });
  }, [launchError]);
  const showCheck = hydrated ? checked : confirm;
  const blocker = showCheck ? page.blocker : null;
  useEffect(() => {
    if (blocker) blockerRef.current?.focus();
  }, [blocker, attempt]);
  const launching = navigation.state !== "idle" && navigation.formData?.get("intent") === "launch";
  return (
    <div className="mt-8 space-y-4 border-t border-slate-200 pt-4">
      {blocker ? (
        <p ref={blockerRef} tabIndex={-1} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-launch-blocker={blocker.requirement}>
          {blocker.message}
        </p>
      ) : null}
      {launchError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {launchError}
        </p>
      ) : null}
      {!hydrated && confirm && !page.blocker ? (
        <ConfirmPanel
          id="launch-confirm"
          title={sharedCopy.launchLoopTitle}
          fields={{ intent: "launch" }}
          cancelTo={here}
          confirmLabel="Launch"
          tone="warning"
        >
          {sharedCopy.launchLoopQuestion(page.title)}
        </ConfirmPanel>
      ) : null}
      <div className="flex flex-wrap justify-between gap-3">
        <Link to={libraryLoopPath(page.templateType, page.id)} className={buttonClass("secondary")}>
          Previous
        </Link>
        {hydrated ? (
          <Button
            onClick={() => {
              setChecked(true);
              setAttempt((n) => n + 1);
              if (!page.blocker) setOpen(true);
            }}
          >
            Launch Now
          </Button>
        ) : (
          <Link to={`${here}?launch=confirm`} className={buttonClass("primary")}>
            Launch Now
          </Link>
        )}
      </div>
      {hydrated ? (
        <Modal open={open && !page.blocker} onClose={() => setOpen(false)} title={sharedCopy.launchLoopTitle}>
          <p className="mt-2 text-sm text-slate-700">{sharedCopy.launchLoopQuestion(page.title)}</p>
          <Form method="post" className="mt-5 flex justify-end gap-2" onSubmit={() => setOpen(false)}>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {sharedCopy.cancel}
            </Button>
            <Button type="submit" name="intent" value="launch" autoFocus disabled={launching}>
              Launch
            </Button>
          </Form>
        </Modal>
      ) : null}
    </div>
  );
}
