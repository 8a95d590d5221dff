import { describe, expect, it } from "vitest";
import { collect } from "./provider.server";
import {
  composeChatReply,
  embeddedProvider,
  mergeOpening,
  refineKind,
  refineText,
  specificityText,
  toneText,
  withSteps,
  wordChunks,
} from "./embedded-provider";
import type { AiFact, AiWriteTask } from "./types";

const FEEDBACK = "You are lazy and you never finish anything. In the planning meeting I think you were kind of really quiet. Your work is useless.";
const SELECTED = "In the planning meeting I think you were kind of really quiet.";

const FACTS: AiFact[] = [
  {
    key: "F1",
    kind: "feedback",
    aboutId: "u-alice",
    text: "In yesterday's standup you presented the migration plan, which meant the team could start on Monday. Great communication.",
    label: "Feedback from Eve Evans, 3 Nov 2026",
    href: null,
  },
  { key: "F2", kind: "feedback", aboutId: "u-alice", text: "Your communication with the customer was clear and kind.", label: "Feedback from Bob Brown, 1 Nov 2026", href: null },
  {
    key: "F3",
    kind: "review",
    aboutId: "u-dan",
    text: "Q3 review: strong ownership of the billing migration, customer communication could be earlier.",
    label: "Q3 review of Dan Davis",
    href: "/reviews/x",
  },
  { key: "F4", kind: "goal", aboutId: "u-alice", text: "Ship the migration by December.", label: "Goal: Ship the migration", href: null },
];
const chat = (question: string, subject: { id: string; name: string } | null = null): Extract<AiWriteTask, { kind: "chat" }> => ({
  kind: "chat",
  question,
  history: [],
  subject,
  facts: FACTS,
});

describe("refine", () => {
  it("reads the instruction", () => {
    expect(["shorter", "Make it more specific", "friendlier", "More direct", "fix grammar", "translate to French"].map(refineKind)).toEqual([
      "shorter",
      "more-specific",
      "friendlier",
      "more-direct",
      "grammar",
      "grammar",
    ]);
  });

  it("replaces only the selection and returns the whole feedback", () => {
    const [before, after] = FEEDBACK.split(SELECTED);
    expect(refineText(FEEDBACK, SELECTED, "shorter")).toBe(`${before}In the planning meeting you were quiet.${after}`);
    expect(refineText(FEEDBACK, SELECTED, "more direct")).toBe(`${before}In the planning meeting you were really quiet.${after}`);
    expect(refineText(FEEDBACK, SELECTED, "more specific")).toBe(
      `${before}In the planning meeting I think you were kind of really quiet. [What exactly did they do or say?] [What did it change for the team, the customer or the work?]${after}`
    );
  });

  it("softens harsh words, and thanks first when the selection opens the feedback", () => {
    expect(refineText(FEEDBACK, "You are lazy and you never finish anything.", "friendlier")).toBe(
      "Thank you for your work on this. You are less engaged than usual and you rarely finish anything. In the planning meeting I think you were kind of really quiet. Your work is useless."
    );
    expect(refineText(FEEDBACK, "Your work is useless.", "Make it friendlier")).toBe(
      "You are lazy and you never finish anything. In the planning meeting I think you were kind of really quiet. Your work is not yet as helpful as it could be."
    );
  });

  it("fixes grammar of the whole text when the selection is empty or not in it", () => {
    const text = "i think the the demo was good ,but you could maybe send it earlier";
    expect(refineText(text, "", "fix grammar")).toBe("I think the demo was good, but you could maybe send it earlier.");
    expect(refineText(text, "not there", "Fix the grammar please")).toBe("I think the demo was good, but you could maybe send it earlier.");
    expect(refineText("Could you possibly send the deck earlier?", "", "more direct")).toBe("Please send the deck earlier.");
  });

  it("asks for the missing parts when making a text more specific", () => {
    expect(refineText("You did great work.", "You did great work.", "more specific")).toBe(
      "In [which meeting or project, and when], you did great work. [What did it change for the team, the customer or the work?]"
    );
  });
});

describe("specificity, tone, merge and actionability", () => {
  it("composes situation, behaviour and impact first and keeps the rest", () => {
    expect(
      specificityText(
        "Thanks for the help. You presented the plan. It was good.\n\nNext steps: Share it.",
        "yesterday's standup",
        "You presented the migration plan",
        "The team could start on Monday"
      )
    ).toBe("In yesterday's standup, you presented the migration plan. The team could start on Monday. Thanks for the help. It was good.\n\nNext steps: Share it.");
    expect(specificityText("Good job.", "During the Q3 launch", "you answered every customer call", "")).toBe(
      "During the Q3 launch, you answered every customer call. Good job."
    );
    expect(specificityText("Unchanged.", " ", "", "")).toBe("Unchanged.");
  });

  it("rewrites the opening statement in the suggested tone, never harsher", () => {
    expect(toneText("You are lazy and you never finish anything.", "constructive")).toBe(
      "Here is something that could help: you are less engaged than usual and you rarely finish anything."
    );
    expect(toneText("You missed the deadline.", "supportive")).toBe("I appreciate the work you put into this. You missed the deadline.");
    // A lead already there is not doubled; a harsh "suggestion" writes it as neutral.
    expect(toneText("I appreciate the work you put into this. You missed the deadline.", "supportive")).toBe(
      "I appreciate the work you put into this. You missed the deadline."
    );
    expect(toneText("Your work is useless", "harsh")).toBe("Your work is not yet as helpful as it could be.");
    expect(toneText("  ", "supportive")).toBe("");
  });

  it("merges the opening statement in place of the first sentence", () => {
    expect(
      mergeOpening("You missed the deadline. The release slipped a week.\n\nNext steps: Plan earlier.", "Here is something that could help: you missed the deadline.")
    ).toBe("Here is something that could help: you missed the deadline. The release slipped a week.\n\nNext steps: Plan earlier.");
    expect(mergeOpening("", "Thanks for the demo")).toBe("Thanks for the demo.");
    expect(mergeOpening("Only one sentence", "A new opening.")).toBe("A new opening.");
  });

  it("appends the steps not already there as Next steps sentences", () => {
    expect(withSteps("You missed the deadline.", ["plan the release a week earlier", "Share a status update every Friday.", " "])).toBe(
      "You missed the deadline.\n\nNext steps: Plan the release a week earlier. Share a status update every Friday."
    );
    expect(withSteps("Plan the release a week earlier.", ["plan the release a week earlier"])).toBe("Plan the release a week earlier.");
  });
});

describe("assistant replies from the facts", () => {
  it("analyses employee feedback: counts, common tone, themes, the most specific excerpts with their keys, the sources", () => {
    expect(composeChatReply(chat("Analyze employee feedback"))).toBe(
      [
        "You may see 2 feedback items, 1 review, 1 goal.",
        "The most common tone: constructive (2 of 3).",
        "The most frequent themes: communication (3), customer (2), migration (2).",
        "The most specific of it:",
        '- Feedback from Eve Evans, 3 Nov 2026: "In yesterday\'s standup you presented the migration plan, which meant the team could start on Monday." [F1]',
        '- Q3 review of Dan Davis: "Q3 review: strong ownership of the billing migration, customer communication could be earlier." [F3]',
        '- Feedback from Bob Brown, 1 Nov 2026: "Your communication with the customer was clear and kind." [F2]',
        "Sources: [F1], [F3], [F2]",
      ].join("\n")
    );
  });

  it("lists review campaigns a line each, goals for a goals question, and the facts that share the question's words", () => {
    expect(composeChatReply(chat("Analyze performance review campaigns"))).toBe(
      '1 review you may see:\n- Q3 review of Dan Davis: "Q3 review: strong ownership of the billing migration, customer communication could be earlier." [F3]\nSources: [F3]'
    );
    expect(composeChatReply(chat("What goals are there?"))).toBe(
      '1 goal or objective you may see:\n- Goal: Ship the migration: "Ship the migration by December." [F4]\nSources: [F4]'
    );
    // F2 and F3 share "customer" and "communication" with the question (the earlier first), F1 only
    // "communication", F4 nothing.
    expect(composeChatReply(chat("How did the customer communication go?"))).toBe(
      [
        "What you may see that speaks to this:",
        '- Feedback from Bob Brown, 1 Nov 2026: "Your communication with the customer was clear and kind." [F2]',
        '- Q3 review of Dan Davis: "Q3 review: strong ownership of the billing migration, customer communication could be earlier." [F3]',
        '- Feedback from Eve Evans, 3 Nov 2026: "In yesterday\'s standup you presented the migration plan, which meant the team could start on Monday." [F1]',
        "Sources: [F2], [F3], [F1]",
      ].join("\n")
    );
  });

  it("speaks only of the subject's facts when there are some", () => {
    const reply = composeChatReply(chat("Analyze employee feedback", { id: "u-alice", name: "Alice Adams" }));
    expect(reply.split("\n")[0]).toBe("About Alice Adams:");
    expect(reply).not.toContain("[F3]");
    expect(reply.endsWith("Sources: [F1], [F2]")).toBe(true);
  });
});

describe("embeddedProvider", () => {
  it("streams word-sized chunks that join to the text", async () => {
    expect(wordChunks(" Two  words\nhere ")).toEqual([" Two  ", "words\n", "here "]);
    const provider = embeddedProvider({ chatChunkMs: 0 });
    const chunks: string[] = [];
    for await (const c of provider.write(chat("Analyze employee feedback"))) chunks.push(c);
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.join("")).toBe(composeChatReply(chat("Analyze employee feedback")));
  });

  it("paces an assistant reply (first chunk at once) and stops where an abort lands", async () => {
    const provider = embeddedProvider({ chatChunkMs: 20 });
    const abort = new AbortController();
    const t0 = performance.now();
    const seen: Array<{ chunk: string; at: number }> = [];
    for await (const chunk of provider.write(chat("Analyze employee feedback"), { signal: abort.signal })) {
      seen.push({ chunk, at: performance.now() - t0 });
      if (seen.length === 3) setTimeout(() => abort.abort(), 5);
    }
    expect(seen[0].at).toBeLessThan(15);
    expect(seen[2].at).toBeGreaterThanOrEqual(38);
    expect(seen.length).toBe(3);
  });

  it("writes rewrites without pauses by default", async () => {
    const t0 = performance.now();
    const text = await collect(
      embeddedProvider().write({ kind: "actionability", userFeedback: "You missed it.", actionableSteps: ["plan a week earlier"] })
    );
    expect(text).toBe("You missed it.\n\nNext steps: Plan a week earlier.");
    expect(performance.now() - t0).toBeLessThan(15);
  });
});

describe("assistant overview of many facts", () => {
  it("reads the first 50 feedback items for tone, themes and quotes, and counts them all", () => {
    const many: AiFact[] = Array.from({ length: 120 }, (_, i) => ({
      key: `F${i + 1}`,
      kind: "feedback",
      aboutId: `u-${i % 7}`,
      text: i < 50 ? "Thanks, great demo of the roadmap." : "In the launch review you presented the roadmap, which helped the team.",
      label: `Feedback ${i + 1}`,
      href: null,
    }));
    const reply = composeChatReply({ kind: "chat", question: "Analyze employee feedback", history: [], subject: null, facts: many });
    expect(reply.split("\n").slice(0, 2)).toEqual(["You may see 120 feedback items.", "The most common tone: supportive (50 of the first 50 read)."]);
    // The more specific items after the first 50 are not read, so not quoted.
    expect(reply.endsWith("Sources: [F1], [F2], [F3]")).toBe(true);
  });
});
