import { Link, useNavigate, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { PAIR_STATE_LABELS, REVIEW_STATE_LABELS, type PairState, type ReviewState } from "~/modules/reviews/campaign-machine";
import { Icon } from "~/ui/icons";
import { ActionMenu, type ActionMenuItem } from "~/ui/menu";
import { useHydrated } from "~/ui/use-hydrated";
import { DataTable, HiddenHeader } from "~/ui/table";

/**
 * The report table (000 §2 "Review reports (admin)"): three levels of rows labelled "type: name" —
 * Review → Reviewee (one report, with its checkbox, Share Report and Preview) → Reviewer. With
 * JavaScript each review and reviewee row has a real button (aria-expanded, aria-controls) that
 * shows or hides its child rows; reviews open, reviewees closed. Without it every row is shown.
 * Review rows carry the row menu (Duplicate, Delete, Preview, Launch): a Headless UI menu with
 * JavaScript, a link to the same actions as a panel in the page without.
 */

export interface TableReviewer {
  pairId: string | null;
  name: string | null;
  state: PairState;
}
export interface TableReviewee {
  key: string;
  revieweeId: string;
  name: string;
  completed: number;
  total: number;
  reviewers: TableReviewer[];
}
export interface TableReview {
  id: string;
  title: string;
  state: ReviewState;
  anonymous: boolean;
  reports: number;
  namesReviewers: boolean;
  reviewees: TableReviewee[];
}

export interface ReviewMenuAction {
  key: "duplicate" | "delete" | "preview" | "launch";
  label: string;
  /** A link (Preview, Launch) or a POST of `intent` with the review id (Duplicate, Delete). */
  href?: string;
  intent?: "duplicate" | "delete";
  danger?: boolean;
  /** Why the action is not offered now (Delete of a live review). */
  disabledReason?: string;
}

export interface ReportTableProps {
  reviews: TableReview[];
  /** The bulk form the checkboxes belong to (they sit outside it, in the table). */
  formId: string;
  /** Where the row menu's POSTs go (the page with its filters). */
  action: string;
  /** Sent with the row menu's POSTs, so a repeated Duplicate makes one copy. */
  requestId: string;
  shareHref: (key: string) => string;
  previewHref: (revieweeId: string, reviewId: string) => string;
  menuOf: (review: TableReview) => ReviewMenuAction[];
  /** The row menu as a panel in the page (no JavaScript). */
  actionsHref: (reviewId: string) => string;
  /** The checked reports (the page keeps them: Select All, the count, Bulk Share). */
  selected: ReadonlySet<string>;
  onChecked: (key: string, on: boolean) => void;
}

const ANONYMOUS = "Anonymous";
const reviewRowId = (id: string) => `report-review-${id}`;
const revieweeRowId = (key: string) => `report-reviewee-${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;

export function ReportTable(props: ReportTableProps) {
  const hydrated = useHydrated();
  // With JavaScript: reviews start open, reviewees closed (their reviewer rows hidden).
  const [closedReviews, setClosedReviews] = useState<ReadonlySet<string>>(new Set());
  const [openReviewees, setOpenReviewees] = useState<ReadonlySet<string>>(new Set());
  const flip = (set: ReadonlySet<string>, key: string) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  };
  return (
    <DataTable
      label="Reports"
      actions
      tableProps={{ "data-report-table": true }}
      columns={[
        <HiddenHeader key="select" label="Select" className="w-10 px-3 py-2" />,
        "Name",
        "Progress",
      ]}
    >
        {props.reviews.map((review) => {
          const reviewOpen = !hydrated || !closedReviews.has(review.id);
          return (
            <ReviewRows
              key={review.id}
              review={review}
              props={props}
              hydrated={hydrated}
              open={reviewOpen}
              onToggle={() => setClosedReviews((s) => flip(s, review.id))}
              revieweeOpen={(key) => !hydrated || openReviewees.has(key)}
              onToggleReviewee={(key) => setOpenReviewees((s) => flip(s, key))}
            />
          );
        })}
    </DataTable>
  );
}

function ReviewRows({
  review,
  props,
  hydrated,
  open,
  onToggle,
  revieweeOpen,
  onToggleReviewee,
}: {
  review: TableReview;
  props: ReportTableProps;
  hydrated: boolean;
  open: boolean;
  onToggle: () => void;
  revieweeOpen: (key: string) => boolean;
  onToggleReviewee: (key: string) => void;
}) {
  const label = `Review: ${review.title}`;
  const childIds = review.reviewees.map((r) => revieweeRowId(r.key)).join(" ");
  return (
    <>
      <tr id={reviewRowId(review.id)} data-level="1" data-review-id={review.id} className="bg-slate-50/60">
        <td className="px-3 py-2" />
        <td className="px-3 py-2 font-semibold text-slate-900">
          <div className="flex flex-wrap items-center gap-2">
            <Toggle hydrated={hydrated} open={open} controls={childIds} onToggle={onToggle} label={label} />
            <span className="status-badge" data-status={review.state}>
              {REVIEW_STATE_LABELS[review.state]}
            </span>
            {review.anonymous ? (
              <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700">Anonymous</span>
            ) : null}
          </div>
        </td>
        <td className="px-3 py-2 text-slate-600">{review.reports === 1 ? "1 report" : `${review.reports} reports`}</td>
        <td className="px-3 py-2 text-right">
          <ReviewMenu review={review} props={props} hydrated={hydrated} />
        </td>
      </tr>
      {review.reviewees.map((reviewee) => (
        <RevieweeRows
          key={reviewee.key}
          review={review}
          reviewee={reviewee}
          props={props}
          hydrated={hydrated}
          hidden={!open}
          open={revieweeOpen(reviewee.key)}
          onToggle={() => onToggleReviewee(reviewee.key)}
        />
      ))}
    </>
  );
}

function RevieweeRows({
  review,
  reviewee,
  props,
  hydrated,
  hidden,
  open,
  onToggle,
}: {
  review: TableReview;
  reviewee: TableReviewee;
  props: ReportTableProps;
  hydrated: boolean;
  hidden: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const rowId = revieweeRowId(reviewee.key);
  // 000 §6: an anonymous review's reviewee rows open to their reviewers only on Teams-type or for admins.
  const reviewers = review.namesReviewers ? reviewee.reviewers : [];
  const childIds = reviewers.map((_, i) => `${rowId}-r${i}`).join(" ");
  const label = `Reviewee: ${reviewee.name}`;
  const name = `${reviewee.name} — ${review.title}`;
  return (
    <>
      <tr id={rowId} data-level="2" data-report={reviewee.key} hidden={hidden}>
        <td className="px-3 py-2">
          <input
            type="checkbox"
            name="report"
            value={reviewee.key}
            form={props.formId}
            aria-label={`Select report: ${name}`}
            checked={props.selected.has(reviewee.key)}
            onChange={(e) => props.onChecked(reviewee.key, e.currentTarget.checked)}
            className="size-4 rounded border-slate-300"
          />
        </td>
        <td className="py-2 pl-8 pr-3 font-medium text-slate-900">
          <Toggle hydrated={hydrated && reviewers.length > 0} open={open} controls={childIds} onToggle={onToggle} label={label} />
        </td>
        <td className="px-3 py-2 text-slate-600">
          <span title={`${reviewee.completed} of ${reviewee.total} reviews completed`}>
            {reviewee.completed}/{reviewee.total} completed
          </span>
        </td>
        <td className="px-3 py-2">
          <div className="flex justify-end gap-1">
            <Link
              to={props.shareHref(reviewee.key)}
              preventScrollReset
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              aria-label={`Share Report: ${name}`}
              title="Share Report"
              data-action="share"
            >
              <Icon name="share" />
            </Link>
            <Link
              to={props.previewHref(reviewee.revieweeId, review.id)}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              aria-label={`Preview: ${name}`}
              title="Preview"
              data-action="preview"
            >
              <Icon name="eye" />
            </Link>
          </div>
        </td>
      </tr>
      {reviewers.map((reviewer, i) => (
        <tr key={reviewer.pairId ?? i} id={`${rowId}-r${i}`} data-level="3" hidden={hidden || !open} className="text-slate-700">
          <td className="px-3 py-1.5" />
          <td className="py-1.5 pl-16 pr-3" data-reviewer>
            Reviewer: {reviewer.name ?? ANONYMOUS}
          </td>
          <td className="px-3 py-1.5 text-slate-600">{PAIR_STATE_LABELS[reviewer.state] ?? reviewer.state}</td>
          <td className="px-3 py-1.5" />
        </tr>
      ))}
    </>
  );
}

/** A row's open/close button (with JavaScript) or its plain label (without: every row is shown). */
function Toggle({
  hydrated,
  open,
  controls,
  onToggle,
  label,
}: {
  hydrated: boolean;
  open: boolean;
  controls: string;
  onToggle: () => void;
  label: string;
}) {
  if (!hydrated || !controls) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <span className="inline-block size-4" aria-hidden="true" />
        {label}
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="inline-flex items-center gap-1.5 rounded text-left hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 shrink-0 transition-transform ${open ? "rotate-90" : ""}`}>
        <path d="M7.5 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label}
    </button>
  );
}

function ReviewMenu({ review, props, hydrated }: { review: TableReview; props: ReportTableProps; hydrated: boolean }) {
  const label = `Actions for ${review.title}`;
  if (!hydrated) {
    return (
      <a href={props.actionsHref(review.id)} className="rounded-md px-2 py-1 text-slate-500 hover:bg-slate-100" aria-label={label}>
        ⋯
      </a>
    );
  }
  return <HydratedReviewMenu review={review} props={props} label={label} />;
}

function HydratedReviewMenu({ review, props, label }: { review: TableReview; props: ReportTableProps; label: string }) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const items: ActionMenuItem[] = props.menuOf(review).map((a) => ({
    label: a.label,
    danger: a.danger,
    disabled: Boolean(a.disabledReason),
    onSelect: a.href
      ? () => navigate(a.href!)
      : () =>
          submit(
            { intent: a.intent!, id: review.id, requestId: props.requestId },
            { method: "post", action: props.action, preventScrollReset: true }
          ),
  }));
  return (
    <ActionMenu label={label} items={items}>
      <span aria-hidden="true" className="px-1 text-base leading-none">
        ⋯
      </span>
    </ActionMenu>
  );
}
