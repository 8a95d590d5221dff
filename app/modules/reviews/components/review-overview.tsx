import { sharedCopy } from "~/lib/copy";
import { utcDateTime } from "~/ui/format";
import { MANUAL_SHARERS, SHARE_AFTER, SHARE_WITH_BUILT_IN } from "../launch.schema";
import { isDelayed, type ReviewState, type ShareConfig } from "../campaign-machine";
import { DELAYED, NOT_SHARED, TO_BE_CLOSED_MANUALLY } from "./review-detail.schema";

/** What the Overview tab shows about a review (000 §2 "Review detail" Overview). */
export interface OverviewFacts {
  state: ReviewState;
  startAt: number | null;
  endAt: number | null;
  anonymous: boolean;
  templateTitle: string | null;
  channelName: string | null;
  shareConfig: ShareConfig | null;
  shareRelationships: Record<string, string>;
  pairs: number;
  completed: number;
  nominationTotal: number;
  nominationsOpen: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

function shareWithLabel(value: string, relationships: Record<string, string>) {
  const builtIn = SHARE_WITH_BUILT_IN.find((o) => o.value === value);
  if (builtIn) return builtIn.label;
  if (value.startsWith("relationship:")) {
    const id = value.slice("relationship:".length);
    if (id === "default") return sharedCopy.myTeam;
    return relationships[id] ?? "A removed relationship";
  }
  return value;
}

/** The sharing details of 000 §3 resultSharingConfig in words. */
export function shareSummary(config: ShareConfig | null, relationships: Record<string, string>): string {
  if (!config) return NOT_SHARED;
  if (config.type === "manual") {
    const who = config.canShare.map((by) => MANUAL_SHARERS.find((o) => o.value === by)?.label ?? by);
    return `Manual: ${who.length > 0 ? who.join("; ") : "nobody chosen"}`;
  }
  const withWhom = config.shareWith.map((v) => shareWithLabel(v, relationships));
  const after = SHARE_AFTER.find((o) => o.value === config.after)?.label ?? config.after;
  return `Automated: shared with ${withWhom.length > 0 ? withWhom.join(", ") : "nobody chosen"}, ${after.toLowerCase()}`;
}

function Progress({ label, done, total, id }: { label: string; done: number; total: number; id: string }) {
  const value = percent(done, total);
  return (
    <div>
      <dt id={id} className="text-sm font-medium text-slate-600">
        {label}
      </dt>
      <dd className="mt-1">
        <span className="text-lg font-semibold text-slate-900" data-progress={id}>
          {done}/{total} ({value}%)
        </span>
        <div
          role="progressbar"
          aria-labelledby={id}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-indigo-500" style={{ width: `${value}%` }} />
        </div>
      </dd>
    </div>
  );
}

function Fact({ label, children, name }: { label: string; children: React.ReactNode; name: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900" data-fact={name}>
        {children}
      </dd>
    </div>
  );
}

/** Progress, dates, anonymity, questionnaire, workspace (group) and sharing of a review. */
export function ReviewOverview({ facts, now, workspaceLabel }: { facts: OverviewFacts; now: number; workspaceLabel: string }) {
  const delayed = isDelayed(facts.state, facts.endAt, now);
  return (
    <dl className="mb-6 grid gap-x-6 gap-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      {facts.nominationTotal > 0 ? (
        <Progress
          id="nomination-progress"
          label="Nomination progress"
          done={facts.nominationTotal - facts.nominationsOpen}
          total={facts.nominationTotal}
        />
      ) : null}
      <Progress id="review-progress" label="Review progress" done={facts.completed} total={facts.pairs} />
      <Fact label="Start" name="start">
        {facts.startAt === null ? "—" : utcDateTime(facts.startAt)}
      </Fact>
      <Fact label="End" name="end">
        {facts.endAt === null ? TO_BE_CLOSED_MANUALLY : utcDateTime(facts.endAt)}
        {delayed ? (
          <span
            className="ml-2 inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-600/20 ring-inset"
            data-delayed
          >
            {DELAYED}
          </span>
        ) : null}
      </Fact>
      <Fact label="Anonymity" name="anonymity">
        {facts.anonymous ? "Anonymous" : "Not anonymous"}
      </Fact>
      <Fact label="Questionnaire" name="questionnaire">
        {facts.templateTitle ?? "—"}
      </Fact>
      <Fact label={workspaceLabel} name="workspace">
        {facts.channelName ?? "—"}
      </Fact>
      <Fact label="Sharing" name="sharing">
        {shareSummary(facts.shareConfig, facts.shareRelationships)}
      </Fact>
    </dl>
  );
}
