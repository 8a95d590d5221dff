import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../tests/support/seeded-random";
import { TONE_CATEGORIES } from "../one-on-ones/one-on-one-types";
import { analyseFeedback, CUES, sentencesOf } from "./analyser";
import { withSteps } from "./embedded-provider";
import type { CompetencyRef, FeedbackAnalysis } from "./types";

/** The demo companies' competencies (app/db/seed/demo.ts), trimmed to what the texts speak to. */
const COMPETENCIES: CompetencyRef[] = [
  {
    id: "k-comm",
    name: "Communication",
    behaviours: [
      { id: "b-listen", name: "Listens actively" },
      { id: "b-write", name: "Writes clearly and concisely" },
      { id: "b-context", name: "Shares context early" },
    ],
  },
  {
    id: "k-own",
    name: "Ownership",
    behaviours: [
      { id: "b-follow", name: "Follows through on commitments" },
      { id: "b-risks", name: "Raises risks early" },
    ],
  },
  { id: "k-cust", name: "Customer Focus", behaviours: [{ id: "b-impact", name: "Prioritises customer impact" }] },
];

const SBI =
  "In yesterday's standup you presented the migration plan with clear milestones, which meant the team could start on Monday without another meeting. " +
  "As a result we saved about 3 hours of discussion. " +
  "Next time, could you share the slides a day earlier so people can read them before the meeting?";

const MIXED =
  "Last sprint you raised the API risk early and followed through on every commitment you made. " +
  "Your communication with the customer was clear. " +
  "But you missed the review deadline, which delayed the release by 2 days. " +
  "Try to flag slips as soon as you see them.";

const TEMPLATE_STEP = { text: "Agree on one concrete next step and when you will look back on it together.", excerpt: "" };

describe("analyseFeedback", () => {
  it("scores a vague text low: no situation, behaviour, impact or step", () => {
    const a = analyseFeedback("Good job. Keep up the good work!", COMPETENCIES);
    expect(a.specificity).toEqual({
      score: 0,
      situation: { text: "", tags: [] },
      behavior: { text: "", tags: [] },
      impact: { text: "", tags: [] },
    });
    expect(a.tone).toEqual({ category: "supportive", openingStatement: "Good job.", suggestedTone: "supportive", excerpts: ["Good"] });
    expect(a.focus).toEqual({ category: "balanced", excerpts: [] });
    // No step in the text: the score stays 0 and one step is proposed from the template.
    expect(a.actionability).toEqual({ score: 0, steps: [TEMPLATE_STEP] });
    expect(a.competencies).toEqual({ strengths: [], development: [] });
    // 0.4·0 + 0.3·0 + 0.15·100 (supportive) + 0.15·60 (balanced) = 24
    expect(a.aiScore).toBe(24);
  });

  it("scores a situation–behaviour–impact text with a step high, each tag with its excerpt", () => {
    const a = analyseFeedback(SBI, COMPETENCIES);
    const first = SBI.slice(0, SBI.indexOf(" As a result"));
    expect(a.specificity.situation).toEqual({
      text: first,
      tags: [
        { tag: "time", expanded: "When: yesterday's standup", excerpt: "yesterday's standup" },
        { tag: "time", expanded: "When: on Monday", excerpt: "on Monday" },
        { tag: "event", expanded: "Where: In yesterday's standup", excerpt: "In yesterday's standup" },
      ],
    });
    expect(a.specificity.behavior).toEqual({
      text: first,
      tags: [
        {
          tag: "action",
          expanded: "Did: you presented the migration plan with clear milestones",
          excerpt: "you presented the migration plan with clear milestones",
        },
      ],
    });
    expect(a.specificity.impact).toEqual({
      text: `${first} As a result we saved about 3 hours of discussion.`,
      tags: [
        {
          tag: "result",
          expanded: "Impact: which meant the team could start on Monday without another meeting",
          excerpt: "which meant the team could start on Monday without another meeting",
        },
        { tag: "result", expanded: "Impact: As a result we saved about 3 hours of discussion", excerpt: "As a result we saved about 3 hours of discussion" },
        { tag: "measure", expanded: "Measured: 3 hours", excerpt: "3 hours" },
      ],
    });
    // 25 + 30 + 25 + min(10, 5·1 measure) + min(10, ⌊50 words / 5⌋) − 0 vague = 95
    expect(a.specificity.score).toBe(95);
    expect(a.tone).toEqual({ category: "constructive", openingStatement: first, suggestedTone: "constructive", excerpts: ["could", "Next time"] });
    expect(a.focus).toEqual({ category: "behavior", excerpts: ["you presented the migration plan with clear milestones"] });
    const step = "Next time, could you share the slides a day earlier so people can read them before the meeting?";
    // 40 (one step) + 15 (a time frame: "next time") + 15 (six words or more) = 70
    expect(a.actionability).toEqual({ score: 70, steps: [{ text: step, excerpt: step }] });
    // 0.4·95 + 0.3·70 + 0.15·100 + 0.15·100 = 89
    expect(a.aiScore).toBe(89);
  });

  it("reads a harsh, person-focused text as harsh and about the person, and suggests a kinder tone", () => {
    const a = analyseFeedback("You are lazy and you never finish anything. Your work is useless.", COMPETENCIES);
    expect(a.tone).toEqual({
      category: "harsh",
      openingStatement: "You are lazy and you never finish anything.",
      suggestedTone: "constructive",
      excerpts: ["lazy", "never", "useless"],
    });
    expect(a.focus).toEqual({ category: "person", excerpts: ["You are lazy"] });
    // 0 + 0 + 0 + 0 + ⌊12 / 5⌋ = 2
    expect(a.specificity.score).toBe(2);
    expect(a.actionability.score).toBe(0);
    // 0.4·2 + 0 + 0.15·0 (harsh) + 0.15·0 (person) = 0.8 → 1
    expect(a.aiScore).toBe(1);
  });

  it("tags the company's competencies from the sentences they are named in: praise as strengths, improvement as development", () => {
    const a = analyseFeedback(MIXED, COMPETENCIES);
    expect(a.competencies.strengths).toEqual([
      { id: "k-own", name: "Ownership", excerpt: "Last sprint you raised the API risk early and followed through on every commitment you made." },
      { id: "k-comm", name: "Communication", excerpt: "Your communication with the customer was clear." },
    ]);
    expect(a.competencies.development).toEqual([]);
    const b = analyseFeedback("In the release review you didn't share context early with support. Next time, post the plan in their channel.", COMPETENCIES);
    expect(b.competencies).toEqual({
      strengths: [],
      development: [{ id: "k-comm", name: "Communication", excerpt: "In the release review you didn't share context early with support." }],
    });
    // A development area with no step of the text's own: the proposed step names it.
    const c = analyseFeedback("You didn't share context early with support.", COMPETENCIES);
    expect(c.actionability.steps).toEqual([
      { text: "Agree on one situation before the next 1-on-1 to practise communication, and look back on it together.", excerpt: "" },
    ]);
  });

  it("reads a mixed text as constructive and behaviour-focused, with the impact it measured", () => {
    const a = analyseFeedback(MIXED, COMPETENCIES);
    expect(a.tone.category).toBe("constructive");
    expect(a.focus.category).toBe("behavior");
    expect(a.specificity.impact.tags).toEqual([
      { tag: "result", expanded: "Impact: delayed the release by 2 days", excerpt: "delayed the release by 2 days" },
      { tag: "measure", expanded: "Measured: 2 days", excerpt: "2 days" },
    ]);
    // 25 + 30 + 25 + 5 + ⌊46 / 5⌋ = 94; steps 40 + 15 ("Try to flag slips as soon as you see them." has 10 words)
    expect([a.specificity.score, a.actionability.score, a.aiScore]).toEqual([94, 55, 84]);
  });

  it("reads an action in progress as behaviour, not as a judgement of the person", () => {
    const a = analyseFeedback("In the demo you were presenting too fast for the customer.", COMPETENCIES);
    expect(a.focus).toEqual({ category: "behavior", excerpts: ["you were presenting"] });
    const b = analyseFeedback("You're careless. You shipped the release without tests.", COMPETENCIES);
    expect(b.focus).toEqual({ category: "balanced", excerpts: ["You're careless", "You shipped the release without tests"] });
  });

  it("reads an empty or blank text as zero everywhere", () => {
    const zero: FeedbackAnalysis = {
      aiScore: 0,
      specificity: { score: 0, situation: { text: "", tags: [] }, behavior: { text: "", tags: [] }, impact: { text: "", tags: [] } },
      tone: { category: "neutral", openingStatement: "", suggestedTone: "supportive", excerpts: [] },
      focus: { category: "balanced", excerpts: [] },
      actionability: { score: 0, steps: [] },
      competencies: { strengths: [], development: [] },
    };
    expect(analyseFeedback("", COMPETENCIES)).toEqual(zero);
    expect(analyseFeedback("  \n\t ... !? ", COMPETENCIES)).toEqual(zero);
  });

  it("splits sentences at end marks followed by a space and at line breaks, not inside numbers", () => {
    expect(sentencesOf("It took 3.5 hours. Then we shipped!\nNext")).toEqual([
      { text: "It took 3.5 hours.", start: 0 },
      { text: "Then we shipped!", start: 19 },
      { text: "Next", start: 36 },
    ]);
  });

  it("keeps every score in 0–100, every excerpt a slice of the text, and never suggests a harsher tone (random texts)", () => {
    const pieces = [
      "In yesterday's standup",
      "during the Q3 launch",
      "last week",
      "you presented the roadmap",
      "you interrupted Sam",
      "which meant",
      "as a result",
      "so the team could ship",
      "helped",
      "caused 3 outages",
      "next time",
      "try",
      "could you",
      "I suggest",
      "let's",
      "you are lazy",
      "always",
      "never",
      "useless",
      "thank you",
      "great",
      "but",
      "communication",
      "ownership",
      "shares context early",
      "12%",
      ".",
      "!",
      "?",
      "\n",
      ",",
      "  ",
      "’s",
      "é",
      "🙂",
    ];
    for (let seed = 1; seed <= 300; seed++) {
      const random = seededRandom(seed);
      const parts: string[] = [];
      const n = random.int(0, 40);
      for (let i = 0; i < n; i++) {
        parts.push(random.next() < 0.7 ? random.pick(pieces) : String.fromCharCode(random.int(32, 0x24f)));
      }
      const text = parts.join(random.next() < 0.5 ? " " : "");
      const a = analyseFeedback(text, COMPETENCIES);
      const where = `seed ${seed}: ${JSON.stringify(text)}`;
      for (const score of [a.aiScore, a.specificity.score, a.actionability.score]) {
        expect(Number.isInteger(score) && score >= 0 && score <= 100, where).toBe(true);
      }
      const excerpts = [
        a.tone.openingStatement,
        ...a.tone.excerpts,
        ...a.focus.excerpts,
        ...[a.specificity.situation, a.specificity.behavior, a.specificity.impact].flatMap((r) => r.tags.map((t) => t.excerpt)),
        ...a.actionability.steps.map((s) => s.excerpt),
        ...a.competencies.strengths.map((c) => c.excerpt),
        ...a.competencies.development.map((c) => c.excerpt),
      ];
      for (const excerpt of excerpts) expect(text.includes(excerpt), `${where} → ${JSON.stringify(excerpt)}`).toBe(true);
      expect(TONE_CATEGORIES.indexOf(a.tone.suggestedTone), where).toBeLessThanOrEqual(TONE_CATEGORIES.indexOf(a.tone.category));
      expect(JSON.stringify(a), where).not.toMatch(/"rating"/i);
    }
  });

  it("is the rubric docs/ai-rubric.md writes out: the page names every cue", () => {
    const doc = readFileSync(new URL("../../../docs/ai-rubric.md", import.meta.url), "utf8");
    for (const [list, cues] of Object.entries(CUES)) {
      for (const cue of cues) expect(doc.includes(`\`${cue}\``), `${list}: ${cue}`).toBe(true);
    }
  });

  it("scores 2,000 characters well under 50 ms", () => {
    let text = "";
    for (let i = 0; text.length < 2000; i++) text += `${[SBI, MIXED][i % 2]} `;
    text = text.slice(0, 2000);
    analyseFeedback(text, COMPETENCIES);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      analyseFeedback(text, COMPETENCIES);
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    expect(times[Math.floor(times.length * 0.95) - 1]).toBeLessThan(50);
  });
});

describe("steps written by Add actionability", () => {
  it("reads every sentence after a 'Next steps:' lead-in as a step, up to the paragraph's end", () => {
    const base = "In the Q3 launch review you presented the roadmap clearly, which helped the team agree on priorities.";
    const before = analyseFeedback(base, COMPETENCIES);
    expect(before.actionability.score).toBe(0);
    const after = analyseFeedback(withSteps(base, ["Sharing the slides a day earlier", "Agree on owners"]), COMPETENCIES);
    expect(after.actionability.steps.map((s) => s.text)).toEqual(["Next steps: Sharing the slides a day earlier.", "Agree on owners."]);
    expect(after.actionability.score).toBeGreaterThan(0);
    const later = analyseFeedback(`${withSteps(base, ["Sharing the slides a day earlier"])}\nThe demo itself went well.`, COMPETENCIES);
    expect(later.actionability.steps.map((s) => s.text)).toEqual(["Next steps: Sharing the slides a day earlier."]);
  });
});
