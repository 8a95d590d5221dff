/**
 * How fast the app may send to a chat platform, as pure rules over a small state (the
 * DeliveryPacer Durable Object holds one state per Slack workspace or Teams tenant and applies
 * these rules one request at a time, so two consumers can never book the same slot).
 *
 * - Slack: about one message a second per channel (a person's DM is a channel), and after a 429
 *   nothing to the workspace until its Retry-After has passed.
 * - Teams: a conversation at most every half second (60 messages per 30 s per thread), and on a
 *   429, 412, 502 or 504 the tenant backs off exponentially with full jitter (honouring a
 *   Retry-After when one is longer); a success ends the back-off.
 */
export type PacedPlatform = "slack" | "msteams";

export interface PacerState {
  /** Nothing to the workspace/tenant before this time (epoch ms). */
  holdUntil: number;
  /** Consecutive throttled answers (Teams back-off level). */
  backoffLevel: number;
  /** Per channel: the earliest time of its next message (epoch ms). */
  nextAt: Record<string, number>;
}

export const emptyPacerState = (): PacerState => ({ holdUntil: 0, backoffLevel: 0, nextAt: {} });

/**
 * Gap between two messages to one channel: Slack's second (and Teams' half second) plus a
 * twentieth, as requests that leave a second apart do not arrive exactly a second apart.
 */
export const CHANNEL_INTERVAL_MS: Record<PacedPlatform, number> = { slack: 1050, msteams: 525 };

/** Teams back-off: base, doubled per consecutive throttle, capped. */
export const TEAMS_BACKOFF_BASE_MS = 1000;
export const TEAMS_BACKOFF_CAP_MS = 60_000;
/** Slack throttled without a Retry-After (a 429 always carries one; an outage may not). */
export const SLACK_DEFAULT_HOLD_MS = 1000;

/** Teams answers that mean "slow down" (Bot Framework guidance: retry with exponential back-off). */
export const TEAMS_THROTTLE_STATUSES = [429, 412, 502, 504] as const;

export interface Reservation {
  /** Whether the caller may send now; when not, nothing changed. */
  booked: boolean;
  /** How long until the channel (or the workspace) is free again; 0 when booked. */
  waitMs: number;
  /** The tenant is backing off: report the outcome of this send, success included. */
  recovering: boolean;
}

/**
 * Takes the channel's turn when it is free now (not held, its last message at least the interval
 * ago) and marks it busy for the interval; otherwise says how long to wait. Asked right before the
 * request leaves, so the interval is kept between the requests themselves, whatever happened
 * between a consumer starting and its request (database reads, a slow queue).
 */
export function reserveSlot(state: PacerState, platform: PacedPlatform, channel: string, now: number): { state: PacerState; reservation: Reservation } {
  const freeAt = Math.max(state.holdUntil, state.nextAt[channel] ?? 0);
  const recovering = state.backoffLevel > 0;
  if (freeAt > now) return { state, reservation: { booked: false, waitMs: freeAt - now, recovering } };
  const nextAt = { ...state.nextAt, [channel]: now + CHANNEL_INTERVAL_MS[platform] };
  return { state: { ...state, nextAt }, reservation: { booked: true, waitMs: 0, recovering } };
}

export interface SendReport {
  /** The platform's HTTP status when known; a throttle is recognised by it or by `throttled`. */
  status?: number;
  /** The adapter judged the answer a throttle or outage worth retrying. */
  throttled: boolean;
  retryAfterSeconds?: number;
}

/** Full jitter: a random time below min(cap, base·2^(level+1)), at least the base. */
export function teamsBackoffMs(level: number, random: () => number): number {
  const ceiling = Math.min(TEAMS_BACKOFF_CAP_MS, TEAMS_BACKOFF_BASE_MS * 2 ** (Math.max(0, level) + 1));
  return Math.max(TEAMS_BACKOFF_BASE_MS, Math.floor(random() * ceiling));
}

/** The state after a send's outcome. */
export function applyReport(state: PacerState, platform: PacedPlatform, report: SendReport, now: number, random: () => number): PacerState {
  const retryAfterMs = report.retryAfterSeconds !== undefined ? report.retryAfterSeconds * 1000 : null;
  if (platform === "slack") {
    if (!report.throttled) return state;
    return { ...state, holdUntil: Math.max(state.holdUntil, now + (retryAfterMs ?? SLACK_DEFAULT_HOLD_MS)) };
  }
  const throttle =
    report.throttled || (report.status !== undefined && (TEAMS_THROTTLE_STATUSES as readonly number[]).includes(report.status));
  if (!throttle) return state.backoffLevel === 0 ? state : { ...state, backoffLevel: 0 };
  const backoff = Math.max(teamsBackoffMs(state.backoffLevel, random), retryAfterMs ?? 0);
  return { ...state, backoffLevel: state.backoffLevel + 1, holdUntil: Math.max(state.holdUntil, now + backoff) };
}

/** Channel times in the past say nothing more: dropped so a workspace's state stays small. */
export function pruneState(state: PacerState, now: number): PacerState {
  const nextAt: Record<string, number> = {};
  for (const [channel, at] of Object.entries(state.nextAt)) if (at > now) nextAt[channel] = at;
  return { ...state, nextAt };
}

/** The Durable Object's name for a workspace/tenant: one pacer each. */
export function pacerName(platform: PacedPlatform, workspace: string): string {
  return `${platform}:${workspace}`;
}
