import { z } from "zod";
import { hasPermission, type Permission } from "~/lib/permissions/names";
import { REVIEW_STATES, type ReviewRowAction, type ReviewState } from "./campaign-machine";
import type { requireReviewsPage } from "./campaigns.server";

/** The reviews list (000 §2): its address, status and user filters, and the row actions it carries out. */

export const PATH = "/reviews/manage-reviews";
/** 000 §9: the list opens on Live and Draft. */
const DEFAULT_STATES: ReviewState[] = ["live", "draft"];

/** The row actions this page carries out, with their confirmation and success wording. */
export const ACTIONS: Record<
  Exclude<ReviewRowAction, "download">,
  { label: string; event: "deleteSchedule" | "cancel" | "delete" | "reopen"; ask: string; done: string }
> = {
  deleteSchedule: {
    label: "Delete Schedule",
    event: "deleteSchedule",
    ask: "The review goes back to draft; nobody is notified.",
    done: "Review schedule deleted successfully",
  },
  cancelReview: {
    label: "Cancel Review",
    event: "cancel",
    ask: "The scheduled review and its audience are removed for good.",
    done: "Review cancelled successfully",
  },
  deleteReview: {
    label: "Delete Review",
    event: "delete",
    ask: "The review, its audience and its answers are removed for good.",
    done: "Review deleted successfully",
  },
  reopenReview: {
    label: "Reopen Review",
    event: "reopen",
    ask: "The review is live again and its reviewers can answer.",
    done: "Review reopened successfully",
  },
};

export function statesOf(url: URL): ReviewState[] {
  if (!url.searchParams.has("filter")) return DEFAULT_STATES;
  const asked = url.searchParams.getAll("status");
  return REVIEW_STATES.filter((s) => asked.includes(s));
}

/** 000 §5, quoted: the specific-users filter takes e-mails. */
export const INVALID_EMAILS = "Invalid list of emails.";
const EMAIL = z.email();

/** The super admin's user filters (000 §2) from the address; `error` when the e-mail list is not usable (then it is not applied). */
export function userFiltersOf(url: URL) {
  const launchedBy = url.searchParams.get("launchedBy")?.slice(0, 100) || null;
  const userType = url.searchParams.get("userType") === "reviewer" ? ("reviewer" as const) : ("reviewee" as const);
  const users = (url.searchParams.get("users") ?? "").slice(0, 5000);
  const emails = [
    ...new Set(
      users
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean)
    ),
  ];
  const malformed = emails.length > 50 || emails.some((e) => !EMAIL.safeParse(e).success);
  return { launchedBy, userType, users, emails: malformed ? [] : emails, error: malformed ? INVALID_EMAILS : null };
}

/** What the list page shows: the chosen states, their reviews and, for ViewLaunchedByOthersFilter, the user filters. */
export function manageReviewsView(
  permissions: Permission[],
  states: ReviewState[],
  user: ReturnType<typeof userFiltersOf>,
  { reviews, launchers, unknown }: Pick<Awaited<ReturnType<typeof requireReviewsPage>>, "reviews" | "launchers" | "unknown">
) {
  const error = user.error ?? (unknown.length > 0 ? `${INVALID_EMAILS} Not in the company: ${unknown.join(", ")}` : null);
  return {
    states,
    reviews,
    showNominationStatus: hasPermission(permissions, "ViewNominationStatus"),
    now: Date.now(),
    userFilter: hasPermission(permissions, "ViewLaunchedByOthersFilter")
      ? { launchedBy: user.launchedBy, userType: user.userType, users: user.users, error, launchers }
      : null,
  };
}
