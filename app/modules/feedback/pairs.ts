import type { FeedbackFor, LoopPair, LoopType } from "./loop-types.ts";

/**
 * Who gives feedback to whom in a run (002 §9 feedback-for), from the audience, the managers of
 * its members and the pairs an admin defined or uploaded. Pure, so the configuration page's counts,
 * the launch and the seed build the same pairs.
 *
 * - self-select: each member gives to colleagues of their own choosing; their pair names no
 *   receiver (SELF_SELECT) until they do.
 * - manager-upward: each member gives to each of their managers.
 * - manager-downward: each member's managers give to the member.
 * - 360: every member gives to every other member (at least two members; at most MAX_360_AUDIENCE).
 * - manually-define: the defined (or uploaded) pairs.
 * A company-feedback loop has no feedback-for: each member gives to the company itself.
 * Nobody gives to themselves and a pair appears once.
 */
export const SELF_SELECT = "";
export const MAX_360_AUDIENCE = 50;

export interface PairInputs {
  loopType: LoopType;
  feedbackFor: FeedbackFor | null;
  /** The audience's people, active ones only. */
  members: readonly string[];
  /** Each member's managers (active ones only). */
  managersOf: ReadonlyMap<string, readonly string[]>;
  /** Manually defined or uploaded pairs. */
  definedPairs: readonly LoopPair[];
  companyId: string;
}

export function loopPairs(input: PairInputs): LoopPair[] {
  const out: LoopPair[] = [];
  const seen = new Set<string>();
  const add = (senderId: string, receiverId: string) => {
    if (!senderId || senderId === receiverId) return;
    const key = `${senderId}\u0000${receiverId}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ senderId, receiverId });
  };
  const members = [...new Set(input.members)];
  if (input.loopType === "company-feedback") {
    for (const m of members) add(m, input.companyId);
    return out;
  }
  switch (input.feedbackFor) {
    case "self-select":
      for (const m of members) add(m, SELF_SELECT);
      break;
    case "manager-upward":
      for (const m of members) for (const mgr of input.managersOf.get(m) ?? []) add(m, mgr);
      break;
    case "manager-downward":
      for (const m of members) for (const mgr of input.managersOf.get(m) ?? []) add(mgr, m);
      break;
    case "360":
      if (members.length >= 2 && members.length <= MAX_360_AUDIENCE) {
        for (const s of members) for (const r of members) add(s, r);
      }
      break;
    case "manually-define":
      for (const p of input.definedPairs) add(p.senderId, p.receiverId);
      break;
    default:
      break;
  }
  return out;
}

/** Drops repeated pairs and self-pairs of a defined or uploaded list (002 §2.4 "Duplicate sender-receiver pairs are removed"). */
export function uniquePairs(pairs: readonly LoopPair[]): LoopPair[] {
  return loopPairs({ loopType: "direct-feedback", feedbackFor: "manually-define", members: [], managersOf: new Map(), definedPairs: pairs, companyId: "" });
}
