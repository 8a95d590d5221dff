import type { SubmissionResult } from "@conform-to/react";
import type { listMembers, listRelationships, requireRelationship, RejectedRow, searchCandidates } from "./relationships.server";

/** The custom relationships page (002 §2.8): its address, the data its loader gives and what its action answers. */
export const BASE = "/organization/settings/relationships";
export const openUrl = (id: string, extra = "") => `${BASE}?open=${encodeURIComponent(id)}${extra}`;

export type RelationshipsPageData = {
  relationships: Awaited<ReturnType<typeof listRelationships>>;
  open:
    | (Awaited<ReturnType<typeof requireRelationship>> & {
        members: Awaited<ReturnType<typeof listMembers>>;
        candidates: Awaited<ReturnType<typeof searchCandidates>>;
        q: string;
      })
    | null;
};

export type ActionData =
  | { intent: string; relationshipId?: string; result: SubmissionResult<string[]> }
  | { intent: "upload"; relationshipId: string; uploaded: { accepted: number; rejected: RejectedRow[] } };
