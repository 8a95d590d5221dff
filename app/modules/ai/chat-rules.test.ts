import { describe, expect, it } from "vitest";
import { answerChat, asksForRating, CHAT_RULE_TEXTS, citationsIn } from "./chat-rules";
import { composeChatReply, embeddedProvider } from "./embedded-provider";
import { collect } from "./provider.server";
import type { AiFact, AiProvider, AiWriteTask } from "./types";

const fact = (key: string, aboutId: string, kind: AiFact["kind"] = "feedback"): AiFact => ({
  key,
  kind,
  aboutId,
  text: `You presented the plan in the ${key} review, which helped the team.`,
  label: `Feedback ${key}`,
  href: null,
});
const FACTS = [fact("F1", "u-alice"), fact("F2", "u-alice", "review"), fact("F3", "u-bob"), fact("F4", "u-bob", "goal")];
type ChatTask = Extract<AiWriteTask, { kind: "chat" }>;
const task = (question: string, subject: ChatTask["subject"] = null, facts = FACTS): ChatTask => ({ kind: "chat", question, history: [], subject, facts });

/** A remote provider stand-in that records whether it was asked and answers with fixed chunks. */
function scripted(chunks: string[], kind: AiProvider["kind"] = "openai") {
  const calls: AiWriteTask[] = [];
  const provider: AiProvider = {
    kind,
    async *write(t) {
      calls.push(t);
      yield* chunks;
    },
  };
  return { provider, calls };
}

describe("answerChat", () => {
  it("refuses a rating of a person with the fixed text and never asks the provider", async () => {
    const { provider, calls } = scripted(["Alice is a 4 out of 5."]);
    for (const question of ["What rating should I give her?", "Rate Alice's performance", "Score this employee from 1 to 10"]) {
      expect(await collect(answerChat(provider, task(question)))).toBe(CHAT_RULE_TEXTS.ratingRefused);
    }
    expect(await collect(answerChat(provider, task("How would you score it?", { id: "u-alice", name: "Alice" })))).toBe(CHAT_RULE_TEXTS.ratingRefused);
    expect(calls).toEqual([]);
    // The AI score of a feedback text is not a rating of a person.
    expect(asksForRating(task("Why is my AI score 40?"))).toBe(false);
    expect(asksForRating(task("Analyze employee feedback"))).toBe(false);
  });

  it("does not summarise a person from fewer than two feedback items about them", async () => {
    const { provider, calls } = scripted(["Bob is great [F3]."]);
    expect(await collect(answerChat(provider, task("Summarise Bob", { id: "u-bob", name: "Bob Brown" })))).toBe(CHAT_RULE_TEXTS.tooLittle("Bob Brown"));
    expect(calls).toEqual([]);
    // Alice has a feedback item and a review: two.
    expect(await collect(answerChat(provider, task("Summarise Alice", { id: "u-alice", name: "Alice Adams" })))).toBe("Bob is great [F3].");
    expect(calls).toHaveLength(1);
  });

  it("answers plainly when there are no facts at all", async () => {
    const { provider } = scripted(["anything"]);
    expect(await collect(answerChat(provider, task("Analyze employee feedback", null, [])))).toBe(CHAT_RULE_TEXTS.noFacts);
  });

  it("streams the embedded composition from the facts as it is", async () => {
    const t = task("Analyze employee feedback");
    expect(await collect(answerChat(embeddedProvider({ chatChunkMs: 0 }), t))).toBe(composeChatReply(t));
  });

  it("leaves a remote reply's rating out and drops citations of keys that are not facts", async () => {
    const { provider } = scripted([
      "Alice presented the plan [F1] [F9]. ",
      "I would rate her 4",
      "/5 overall. Another ",
      "8 out of 10. Her review [F2] says so.\nSources: [F1], [F2]",
    ]);
    expect(await collect(answerChat(provider, task("How is the plan going?")))).toBe(
      `Alice presented the plan [F1]. ${CHAT_RULE_TEXTS.ratingOmitted} Her review [F2] says so.\nSources: [F1], [F2]`
    );
  });

  it("passes a provider's failure on", async () => {
    const failing: AiProvider = {
      kind: "workers-ai",
      // eslint-disable-next-line require-yield
      async *write() {
        throw new Error("boom");
      },
    };
    await expect(collect(answerChat(failing, task("How is the plan going?")))).rejects.toThrow("boom");
  });
});

describe("citationsIn", () => {
  it("returns the facts a reply cites, in the order it first cites them", () => {
    expect(citationsIn("See [F3] and [F1], again [F3]; not F2 or [F9].", FACTS).map((f) => f.key)).toEqual(["F3", "F1"]);
    expect(citationsIn("", FACTS)).toEqual([]);
  });
});
