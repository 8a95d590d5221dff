/** Who asks a 1-on-1's single writer for a change (its kept answers are keyed by it). */
export interface MeetingRequest {
  requestId: string;
  companyId: string;
  /** The person who acts; null for the system (the cron). */
  actorId: string | null;
}
