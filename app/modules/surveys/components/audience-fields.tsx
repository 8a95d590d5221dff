import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { LEAVE_GUARD } from "../survey-machine";

/**
 * The audience step's forms (001 §2 "Survey audience builder", §5), client-safe: one zod schema
 * per section (audience, result viewers, anonymity, result visibility), used by the page before
 * submitting and by the action again; field pieces; and the leave guard shared with the scheduler.
 */

export const AUDIENCE_REQUIRED = {
  type: "Choose who receives the survey.",
  channels: "Select at least one channel.",
  users: "Select at least one user.",
  groups: "Select at least one group.",
} as const;
export const INSPECTORS_REQUIRED = { type: "Choose who can view the results.", users: "Select at least one user." } as const;
export const MIN_SUBMISSIONS = "Enter a whole number, 0 or more.";

export const SECTIONS = ["audience", "inspectors", "anonymity", "visibility"] as const;
export type Section = (typeof SECTIONS)[number];

const list = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(100)).max(10_000)).default([]);

export const AudienceFormSchema = z
  .object({
    audienceType: z.enum(["team", "workspace", "channels", "users", "groups"], { error: AUDIENCE_REQUIRED.type }),
    channels: list,
    users: list,
    groups: list,
  })
  .superRefine((form, ctx) => {
    const type = form.audienceType;
    if ((type === "channels" || type === "users" || type === "groups") && form[type].length === 0) {
      ctx.addIssue({ code: "custom", path: [type], message: AUDIENCE_REQUIRED[type] });
    }
  });

export const InspectorsFormSchema = z
  .object({
    inspectorType: z.enum(["audience", "users"], { error: INSPECTORS_REQUIRED.type }),
    inspectors: list,
  })
  .superRefine((form, ctx) => {
    if (form.inspectorType === "users" && form.inspectors.length === 0) {
      ctx.addIssue({ code: "custom", path: ["inspectors"], message: INSPECTORS_REQUIRED.users });
    }
  });

export const AnonymityFormSchema = z.object({
  anonymous: z.enum(["yes", "no"]).default("no"),
  minSubmissionCount: z.number({ error: MIN_SUBMISSIONS }).int(MIN_SUBMISSIONS).min(0, MIN_SUBMISSIONS).max(100_000, MIN_SUBMISSIONS),
});

export const VisibilityFormSchema = z.object({
  resultVisibility: z.enum(["live", "closed"], { error: "Choose when results are visible." }),
});

/** Clear (the audience or the result viewers) sends nothing to check. */
export const ClearFormSchema = z.object({});

/**
 * The step's action reads every form with this one schema: a section saved (its own fields) or
 * cleared (audience or result viewers only), told apart by `intent` and `section`.
 */
export const AudienceActionSchema = z.discriminatedUnion("intent", [
  z.discriminatedUnion("section", [
    AudienceFormSchema.safeExtend({ intent: z.literal("save"), section: z.literal("audience") }),
    InspectorsFormSchema.safeExtend({ intent: z.literal("save"), section: z.literal("inspectors") }),
    AnonymityFormSchema.safeExtend({ intent: z.literal("save"), section: z.literal("anonymity") }),
    VisibilityFormSchema.safeExtend({ intent: z.literal("save"), section: z.literal("visibility") }),
  ]),
  z.object({ intent: z.literal("clear"), section: z.enum(["audience", "inspectors"]) }),
]);

export const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500";
export const panel = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm";

/**
 * 001 §2 leave guard: with unsaved changes, leaving the page (a link, Previous, the browser's
 * back or closing the tab) asks 'You have unsaved changes. Are you sure to leave the page?'.
 * Submitting a form of the page itself is not leaving.
 */
export function useLeaveGuard(dirty: boolean) {
  // Read at the moment of leaving, not from the last effect: a page that shows "Saved" must not
  // still hold a reload in the frames before an effect re-registers the listener.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyNow.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_GUARD)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useBeforeUnload((event) => {
    if (!dirtyNow.current) return;
    event.preventDefault();
    // Browsers show their own wording; the text is kept for those that still use it.
    event.returnValue = LEAVE_GUARD;
  });
}
