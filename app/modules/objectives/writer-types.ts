/** Who asks an objectives campaign's single writer for a change (its kept answers are keyed by it). */
export interface ObjectivesRequest {
  requestId: string;
  companyId: string;
  /** The person who acts; null for the system (cron, queue). */
  actorId: string | null;
}

/** What every plan's answer may carry: queue job bodies the object sends after the commit. */
export interface QueuedAfterCommit {
  queue?: unknown[];
}
