import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { loopPairSummary, resolveLoopPairs, type LoopPairSettings } from "~/modules/feedback/loop-audience.server";
import type { FeedbackFor } from "~/modules/feedback/loop-types";

// The configuration page counts a loop's pairs in SQL (loopPairSummary) instead of reading them:
// its figures must be those of the pairs a launch makes (resolveLoopPairs, pairs.ts), on every
// audience kind and feedback-for, including excluded and deactivated people and managers.

const db = createDb(env.DB);

const AUDIENCES: Array<[company: string, audience: Pick<LoopPairSettings, "audienceType" | "audienceIds" | "workspaceId">]> = [
  ["c-acme", { audienceType: "workspace", audienceIds: [], workspaceId: null }],
  ["c-acme", { audienceType: "channels", audienceIds: ["ch-acme-product", "ch-acme-engineering", "ch-globex-nope"], workspaceId: null }],
  ["c-acme", { audienceType: "users", audienceIds: ["u-acme-eve", "u-acme-mona", "u-acme-alice", "u-globex-tina"], workspaceId: null }],
  ["c-globex", { audienceType: "groups", audienceIds: ["g-globex-engineering", "g-globex-sales"], workspaceId: null }],
  ["c-globex", { audienceType: "workspace", audienceIds: [], workspaceId: null }],
];
const KINDS: FeedbackFor[] = ["manager-downward", "manager-upward", "self-select", "360"];

describe("the configuration page's pair counts", () => {
  // A manager who no longer takes part: Mona (Eve's and Ed's manager) excluded, Mike (Globex Sales) deactivated.
  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET is_excluded = 1 WHERE id = 'u-acme-mona'"),
      env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-globex-mike'"),
    ]);
  });
  afterAll(async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET is_excluded = 0 WHERE id = 'u-acme-mona'"),
      env.DB.prepare("UPDATE users SET is_deleted = 0 WHERE id = 'u-globex-mike'"),
    ]);
  });

  for (const [companyId, audience] of AUDIENCES) {
    for (const feedbackFor of KINDS) {
      it(`${companyId} ${audience.audienceType} ${audience.audienceIds.join(",") || "(all)"}, ${feedbackFor}: as many as a launch makes, one sender's receivers among them`, async () => {
        const settings: LoopPairSettings = { ...audience, pairs: [], workflowType: "direct-feedback", feedbackFor };
        const { members, pairs } = await resolveLoopPairs(db, companyId, settings);
        const summary = await loopPairSummary(db, companyId, settings, 5);
        expect(summary.memberCount).toBe(members.length);
        expect(summary.pairCount).toBe(pairs.length);
        if (pairs.length === 0) return expect(summary.firstSender).toBeNull();
        const theirs = pairs.filter((p) => p.senderId === summary.firstSender).map((p) => p.receiverId);
        expect(summary.firstReceiverCount).toBe(theirs.length);
        expect(summary.firstReceivers.length).toBe(Math.min(5, theirs.length));
        for (const id of summary.firstReceivers) expect(theirs).toContain(id);
      });
    }
  }
});
