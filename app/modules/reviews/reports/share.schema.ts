import { z } from "zod";

/**
 * The Share-report dialog's form (000 §2 "Share-report dialog", §5 "Share report: at least one
 * user must be chosen"), client-safe: the dialog validates with it before posting, the action
 * (share.server.ts) parses with it again.
 *
 * Fields: `intent` = "share"; `report` (repeated) = "campaignId|revieweeId", one per report (a
 * report is one reviewee in one review); `userIds` (repeated) = the people it is shared with.
 */

export const SHARE_INTENT = "share";
/** What an empty choice says (the Share button does nothing until someone is chosen). */
export const CHOOSE_SOMEONE = "Choose at least one person to share the report with.";
export const SHARE_DONE = "Report shared successfully.";
export const SHARE_DONE_MANY = "Reports shared successfully.";
/** At most this many reports and people in one share (one D1 batch). */
export const MAX_SHARE_REPORTS = 200;
export const MAX_SHARE_PEOPLE = 50;
/** Shares written by one action (reports × people): a few dozen D1 statements at most. */
export const MAX_SHARES = 1000;
export const TOO_MANY_SHARES = `Share at most ${MAX_SHARES} reports × people at once: choose fewer reports or people.`;

export interface ReportRef {
  campaignId: string;
  revieweeId: string;
}

/** A report's form value. */
export const reportRefValue = (ref: ReportRef) => `${ref.campaignId}|${ref.revieweeId}`;

const ID = z.string().trim().min(1).max(100);
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));

export const ShareReportSchema = z.object({
  intent: z.literal(SHARE_INTENT),
  report: list(
    z
      .string()
      .max(201)
      .transform((v, ctx) => {
        const [campaignId, revieweeId, ...rest] = v.split("|").map((s) => s.trim());
        if (!campaignId || !revieweeId || rest.length > 0 || campaignId.length > 100 || revieweeId.length > 100) {
          ctx.addIssue({ code: "custom", message: "Unknown report." });
          return z.NEVER;
        }
        return { campaignId, revieweeId } satisfies ReportRef;
      })
  ).pipe(
    z
      .array(z.object({ campaignId: z.string(), revieweeId: z.string() }))
      .min(1, "Select at least one report.")
      .max(MAX_SHARE_REPORTS)
  ),
  userIds: list(ID).pipe(
    z
      .array(z.string())
      .min(1, CHOOSE_SOMEONE)
      .max(MAX_SHARE_PEOPLE, `Choose at most ${MAX_SHARE_PEOPLE} people.`)
      .transform((ids) => [...new Set(ids)])
  ),
});
export type ShareReportInput = z.output<typeof ShareReportSchema>;

/** The search box of the dialog's people list (a GET parameter, so it works without JavaScript). */
export const SHARE_QUERY_PARAM = "shareQ";
/** The page state that opens the dialog (`?dialog=share`). */
export const SHARE_DIALOG_PARAM = "dialog";
export const SHARE_DIALOG_VALUE = "share";
/** The JSON people search the dialog uses with JavaScript. */
export const SHARE_PEOPLE_PATH = "/reviews/reports/share-people";

export interface SharePerson {
  id: string;
  name: string;
  title: string | null;
  email: string;
}
