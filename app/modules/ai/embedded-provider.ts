import type { ToneCategory } from "../one-on-ones/one-on-one-types";
import { analyseFeedback, CUES, sentencesOf, stem } from "./analyser";
import type { AiFact, AiProvider, AiWriteTask } from "./types";

/**
 * The embedded provider: every text an AI task asks for, written from templates, offline and
 * deterministic (docs/ai-rubric.md § Rewrites and § Assistant replies say each transformation).
 * It streams like the remote ones: word-sized chunks, paced so that a reader (a browser test, a
 * person) can stop a reply mid-way.
 */

export interface EmbeddedPacing {
  /** Pause between chunks of an assistant reply; the first chunk is never delayed. */
  chatChunkMs: number;
  /** Pause between chunks of a rewrite (the crafting page waits for the whole text). */
  rewriteChunkMs: number;
}

export const DEFAULT_PACING: EmbeddedPacing = { chatChunkMs: 20, rewriteChunkMs: 0 };

type ChatTask = Extract<AiWriteTask, { kind: "chat" }>;

export function embeddedProvider(pacing: Partial<EmbeddedPacing> = {}): AiProvider {
  const { chatChunkMs, rewriteChunkMs } = { ...DEFAULT_PACING, ...pacing };
  return {
    kind: "embedded",
    async *write(task: AiWriteTask, options?: { signal?: AbortSignal }) {
      const signal = options?.signal;
      const delay = task.kind === "chat" ? chatChunkMs : rewriteChunkMs;
      const chunks = wordChunks(embeddedText(task));
      for (let i = 0; i < chunks.length; i++) {
        if (signal?.aborted) return;
        if (i > 0 && delay > 0) await pause(delay, signal);
        if (signal?.aborted) return;
        yield chunks[i];
      }
    },
  };
}

/** The text a task asks for, whole. */
export function embeddedText(task: AiWriteTask): string {
  switch (task.kind) {
    case "refine":
      return refineText(task.userFeedback, task.selectedText, task.instruction);
    case "specificity":
      return specificityText(task.userFeedback, task.situation, task.behavior, task.impact);
    case "tone":
      return toneText(task.openingStatement, task.suggestedTone);
    case "merge-opening":
      return mergeOpening(task.userFeedback, task.openingStatement);
    case "actionability":
      return withSteps(task.userFeedback, task.actionableSteps);
    case "chat":
      return composeChatReply(task);
  }
}

/** Each word with the space after it (the first with any space before it): joined, the text again. */
export function wordChunks(text: string): string[] {
  return text.match(/^\s*\S+\s*|\S+\s*/g) ?? (text ? [text] : []);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

// ---- Text helpers ---------------------------------------------------------------------------------

const capFirst = (s: string) => s.replace(/^(\s*["'“(]?)(\p{Ll})/u, (_, pre: string, c: string) => pre + c.toUpperCase());
/** Lower-cases the first letter unless the first word looks like a name or an acronym ("I", "API", "Sam"). */
function lowerFirst(s: string): string {
  const first = /^\S+/.exec(s)?.[0] ?? "";
  if (/^(?:I|I'm|I've|I'd|I'll)$/.test(first) || /^\p{Lu}{2,}/u.test(first)) return s;
  return /^(?:In|At|During|On|After|Before|When|While|Last|Yesterday|Today|This|You|Your|The|A|An|We|Our|It|That|There)\b/.test(first)
    ? s.charAt(0).toLowerCase() + s.slice(1)
    : s;
}
const endWithStop = (s: string) => (/[.!?]["')\]”’]*$/.test(s) ? s : `${s}.`);
const stripEnd = (s: string) => s.trim().replace(/[.!?;,:]+$/, "").trim();
const normal = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/** Spaces and punctuation tidied: what every rewrite ends with (and all of "fix grammar"). */
export function tidy(text: string): string {
  let out = text
    .replace(/[ \t]+/g, " ")
    .replace(/ +([,.;:!?])/g, "$1")
    .replace(/([,;:!?])(?=\p{L})/gu, "$1 ")
    .replace(/(\p{Ll}{2,}\.)(?=\p{Lu})/gu, "$1 ")
    .replace(/,{2,}/g, ",")
    .replace(/(?<!\.)\.\.(?!\.)/g, ".")
    .replace(/\b(\p{L}+) \1\b/giu, "$1")
    .replace(/\bi\b(?=(?:'m|'ve|'d|'ll)?\b)/g, "I")
    .replace(/^ +| +$/gm, "");
  // A capital letter at the start of each sentence.
  out = out.replace(/(^|[.!?]["')\]”’]*\s+|\n\s*)(\p{Ll})/gu, (_, pre: string, c: string) => pre + c.toUpperCase());
  return out;
}

/** Replaces whole words or phrases, keeping a capital first letter where the original had one. */
function replaceAll(text: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  let out = text;
  for (const [from, to] of pairs) {
    const re = new RegExp(`\\b${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+")}\\b`, "gi");
    out = out.replace(re, (match) => (to && /^\p{Lu}/u.test(match) ? to.charAt(0).toUpperCase() + to.slice(1) : to));
  }
  return out.replace(/[ \t]{2,}/g, " ").replace(/(^|[.!?]\s+) +/g, "$1").replace(/ +([,.;:!?])/g, "$1").replace(/^\s*,\s*/, "");
}

// ---- Refine ------------------------------------------------------------------------------------

export type RefineKind = "shorter" | "more-specific" | "friendlier" | "more-direct" | "grammar";

/** Which transformation an instruction asks for; anything unrecognised is "fix grammar". */
export function refineKind(instruction: string): RefineKind {
  const i = instruction.toLowerCase();
  if (/short|concise|brief|trim|tighten|condense/.test(i)) return "shorter";
  if (/specific|detail|concrete|example|precise/.test(i)) return "more-specific";
  if (/friend|kind|soft|warm|polite|gentle|positive|nicer/.test(i)) return "friendlier";
  if (/direct|assertive|firm|straight|confident|clearer|clear/.test(i)) return "more-direct";
  return "grammar";
}

export const REWRITE_LISTS = {
  wordy: [
    ["due to the fact that", "because"],
    ["at this point in time", "now"],
    ["in order to", "to"],
    ["is able to", "can"],
    ["are able to", "can"],
    ["was able to", "could"],
    ["a lot of", "many"],
    ["in the event that", "if"],
    ["for the purpose of", "for"],
    ["with regard to", "about"],
    ["as a matter of fact", ""],
    ["it is important to note that", ""],
  ],
  fillers: [
    ["in my opinion", ""],
    ["i think that", ""],
    ["i think", ""],
    ["i feel that", ""],
    ["i feel like", ""],
    ["kind of", ""],
    ["sort of", ""],
    ["really", ""],
    ["very", ""],
    ["just", ""],
    ["actually", ""],
    ["basically", ""],
    ["quite", ""],
    ["literally", ""],
    ["totally", ""],
    ["definitely", ""],
    ["honestly", ""],
    ["simply", ""],
  ],
  softer: [
    ["waste of time", "not the best use of time"],
    ["useless", "not yet as helpful as it could be"],
    ["lazy", "less engaged than usual"],
    ["stupid", "unclear"],
    ["incompetent", "still learning this"],
    ["pathetic", "disappointing"],
    ["terrible", "difficult"],
    ["awful", "difficult"],
    ["horrible", "difficult"],
    ["worst", "hardest"],
    ["ridiculous", "surprising"],
    ["unacceptable", "not what we agreed"],
    ["idiotic", "unclear"],
    ["idiot", "colleague"],
    ["hopeless", "stuck"],
    ["sloppy", "rushed"],
    ["careless", "rushed"],
    ["disaster", "setback"],
    ["embarrassing", "awkward"],
    ["clueless", "unsure"],
    ["worthless", "not yet useful"],
    ["dumb", "unclear"],
    ["always", "often"],
    ["never", "rarely"],
    ["you must", "could you"],
    ["you should", "you could"],
    ["you need to", "it would help to"],
    ["wrong", "not quite right"],
    ["failed to", "did not yet"],
    ["bad", "not ideal"],
  ],
  hedges: [
    ["i was wondering if you could", "please"],
    ["it would be great if you could", "please"],
    ["it might be good if you could", "please"],
    ["could you possibly", "please"],
    ["would you mind", "please"],
    ["i'm not sure but", ""],
    ["if that's okay", ""],
    ["i think that", ""],
    ["i think", ""],
    ["i feel like", ""],
    ["i feel that", ""],
    ["i guess", ""],
    ["maybe", ""],
    ["perhaps", ""],
    ["kind of", ""],
    ["sort of", ""],
    ["a bit", ""],
    ["somewhat", ""],
    ["possibly", ""],
    ["just", ""],
  ],
} as const;

export const REFINE_PROMPTS = {
  situation: "In [which meeting or project, and when], ",
  behavior: " [What exactly did they do or say?]",
  impact: " [What did it change for the team, the customer or the work?]",
  thanks: "Thank you for your work on this. ",
} as const;

/** The selection rewritten as the instruction asks (the whole text when the selection is not in it). */
export function refineSelection(selection: string, instruction: string, opensText = true): string {
  const kind = refineKind(instruction);
  switch (kind) {
    case "shorter":
      return tidy(replaceAll(replaceAll(selection, REWRITE_LISTS.wordy), REWRITE_LISTS.fillers));
    case "friendlier": {
      const softer = replaceAll(selection, REWRITE_LISTS.softer);
      // A word of thanks opens the feedback; in the middle of it, it would interrupt.
      const warm = opensText && analyseFeedback(softer, []).tone.category !== "supportive";
      return tidy(warm ? REFINE_PROMPTS.thanks + softer.trim() : softer);
    }
    case "more-direct": {
      const direct = replaceAll(selection, REWRITE_LISTS.hedges);
      // "Please send it earlier?" is a request, not a question.
      return tidy(direct).replace(/(^|[.!?]\s+)(please\b[^.!?]*)\?/gi, (_, pre: string, body: string) => `${pre}${capFirst(body)}.`);
    }
    case "more-specific": {
      const a = analyseFeedback(selection, []);
      const s = selection.trim();
      if (!s) return selection;
      const start = a.specificity.situation.tags.length ? capFirst(s) : REFINE_PROMPTS.situation + lowerFirst(s);
      const body = a.specificity.behavior.tags.length ? start : endWithStop(stripEnd(start)) + REFINE_PROMPTS.behavior;
      const whole = a.specificity.impact.tags.length ? body : endWithStop(body) + REFINE_PROMPTS.impact;
      return tidy(whole);
    }
    case "grammar": {
      const fixed = tidy(selection);
      return /[\p{L}\p{N}]$/u.test(fixed) ? `${fixed}.` : fixed;
    }
  }
}

/** The whole feedback with the selected text refined (all of it when the selection is empty or not found). */
export function refineText(userFeedback: string, selectedText: string, instruction: string): string {
  const at = selectedText.trim() ? userFeedback.indexOf(selectedText) : -1;
  if (at < 0) return refineSelection(userFeedback, instruction);
  const before = userFeedback.slice(0, at);
  const after = userFeedback.slice(at + selectedText.length);
  let replaced = refineSelection(selectedText, instruction, before.trim() === "");
  // "Fix grammar" ends a selection with a full stop only where it ends the text or a sentence.
  if (refineKind(instruction) === "grammar" && after.trim() && !/^\s*\n/.test(after)) replaced = replaced.replace(/\.$/, selectedText.endsWith(".") ? "." : "");
  return before + replaced + after;
}

// ---- Specificity, tone, merge, actionability ------------------------------------------------

/** A situation that already reads as the start of a clause ("during the launch", "last week") takes no "In". */
const SITUATION_OPENER = /^(?:in|at|during|on|after|before|when|while|since|throughout|over)\b|^(?:yesterday|today|recently|(?:last|this|earlier) \w+)$/i;

/**
 * "In <situation>, <behaviour>. <impact>." followed by the rest of the feedback: every sentence
 * the analyser did not read as situation, behaviour or impact, in place.
 */
export function specificityText(userFeedback: string, situation: string, behavior: string, impact: string): string {
  const sit = stripEnd(situation);
  const beh = stripEnd(behavior);
  const imp = stripEnd(impact);
  if (!sit && !beh && !imp) return userFeedback;
  const sitPart = sit ? (SITUATION_OPENER.test(sit) ? sit : `In ${lowerFirst(sit)}`) : "";
  const first = sitPart && beh ? `${capFirst(sitPart)}, ${lowerFirst(beh)}.` : sitPart || beh ? `${capFirst(sitPart || beh)}.` : "";
  const opening = [first, imp ? `${capFirst(imp)}.` : ""].filter(Boolean).join(" ");

  const reading = analyseFeedback(userFeedback, []).specificity;
  const read = [reading.situation.text, reading.behavior.text, reading.impact.text].join(" ");
  const given = [sit, beh, imp].filter(Boolean).map(normal);
  let rest = "";
  let from = 0;
  for (const s of sentencesOf(userFeedback)) {
    const replacedHere = read.includes(s.text) || given.some((g) => g && normal(s.text).includes(g));
    if (!replacedHere) continue;
    rest += userFeedback.slice(from, s.start);
    from = s.start + s.text.length;
  }
  rest += userFeedback.slice(from);
  rest = rest.replace(/[ \t]{2,}/g, " ").replace(/^[ \t]+|[ \t]+$/gm, "").replace(/\n{3,}/g, "\n\n").trim();
  return rest ? `${opening}${/^\n/.test(rest) ? "" : " "}${rest}` : opening;
}

export const TONE_LEADS: Record<ToneCategory, string> = {
  supportive: "I appreciate the work you put into this. ",
  constructive: "Here is something that could help: ",
  neutral: "",
  critical: "",
  harsh: "",
};

/**
 * The opening statement in the suggested tone: its harsh words softened, led by the tone's
 * template. A critical or harsh suggestion is written as neutral (the tone never gets harsher).
 */
export function toneText(openingStatement: string, suggestedTone: ToneCategory): string {
  let statement = openingStatement.trim();
  for (const lead of Object.values(TONE_LEADS)) if (lead && statement.startsWith(lead)) statement = statement.slice(lead.length);
  statement = tidy(replaceAll(statement, REWRITE_LISTS.softer));
  if (!statement) return "";
  const lead = TONE_LEADS[suggestedTone];
  if (!lead) return endWithStop(capFirst(statement));
  return suggestedTone === "constructive" ? lead + endWithStop(lowerFirst(statement)) : lead + endWithStop(capFirst(statement));
}

/** The opening statement in place of the feedback's first sentence (which it rewrites), the rest unchanged. */
export function mergeOpening(userFeedback: string, openingStatement: string): string {
  const opening = endWithStop(openingStatement.trim().replace(/\s+/g, " "));
  if (!openingStatement.trim()) return userFeedback;
  const [first] = sentencesOf(userFeedback);
  if (!first) return opening;
  const after = userFeedback.slice(first.start + first.text.length);
  return after.trim() ? opening + (/^\s*\n/.test(after) ? after.replace(/^[ \t]+/, "") : ` ${after.trimStart()}`) : opening;
}

/** The steps not already in the text, appended as "Next steps: …" sentences. */
export function withSteps(userFeedback: string, actionableSteps: readonly string[]): string {
  const have = normal(userFeedback);
  const steps = actionableSteps
    .map((s) => s.trim().replace(/\s+/g, " "))
    .filter((s) => s && !have.includes(normal(s)))
    .map((s) => endWithStop(capFirst(s)));
  const unique = steps.filter((s, i) => steps.findIndex((t) => normal(t) === normal(s)) === i);
  if (unique.length === 0) return userFeedback;
  const text = userFeedback.trimEnd();
  return `${text}${text ? "\n\n" : ""}Next steps: ${unique.join(" ")}`;
}

// ---- Assistant replies ------------------------------------------------------------------------

export const CHAT_TEXTS = {
  noFacts: "There is nothing I may use to answer this: you can see no reviews, feedback or goals here.",
  sources: "Sources:",
  noMatch: "Nothing you may see speaks to that directly, so here is an overview instead.",
} as const;

const KIND_NAMES: Record<AiFact["kind"], [string, string]> = {
  feedback: ["feedback item", "feedback items"],
  review: ["review", "reviews"],
  goal: ["goal", "goals"],
  objective: ["objective", "objectives"],
};
const count = (n: number, kind: AiFact["kind"]) => `${n} ${KIND_NAMES[kind][n === 1 ? 0 : 1]}`;

/** The first sentence of a fact, at most 160 characters (cut at a word). */
function excerptOf(fact: AiFact): string {
  const first = sentencesOf(fact.text)[0]?.text ?? fact.text.trim();
  if (first.length <= 160) return first;
  const cut = first.slice(0, 160);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 80))}…`;
}

const contentStems = (text: string) =>
  (text.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []).filter((w) => w.length >= 4 && !(CUES.stopWords as readonly string[]).includes(w)).map(stem);

/** The words the facts use most (by stem, shown as their most frequent form), at least twice each. */
function themesOf(facts: readonly AiFact[], limit: number): Array<{ word: string; n: number }> {
  const byStem = new Map<string, { n: number; forms: Map<string, number> }>();
  const skip = new Set(["you", "your", "with", "this", "that", "they", "them", "their", "have", "were", "what", "when", "which", "would", "could", "about", "after", "before", "there", "here", "also", "than", "then", "from", "into", "more", "most", "some", "very", "much"]);
  for (const fact of facts) {
    const seen = new Set<string>();
    for (const word of fact.text.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []) {
      if (word.length < 4 || skip.has(word) || (CUES.stopWords as readonly string[]).includes(word)) continue;
      const s = stem(word);
      if (seen.has(s)) continue;
      seen.add(s);
      const entry = byStem.get(s) ?? { n: 0, forms: new Map() };
      entry.n++;
      entry.forms.set(word, (entry.forms.get(word) ?? 0) + 1);
      byStem.set(s, entry);
    }
  }
  return [...byStem.values()]
    .filter((e) => e.n >= 2)
    .map((e) => ({ word: [...e.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0], n: e.n }))
    .sort((a, b) => b.n - a.n || a.word.localeCompare(b.word))
    .slice(0, limit);
}

type Intent = "reviews" | "goals" | "feedback" | "search";
function intentOf(question: string): Intent {
  const q = question.toLowerCase();
  if (/\bcampaigns?\b|\breviews?\b/.test(q) && !/\bfeedback\b/.test(q)) return "reviews";
  if (/\bgoals?\b|\bobjectives?\b|\bokrs?\b|\bkpis?\b/.test(q)) return "goals";
  if (/\bfeedback\b|\banaly[sz]e\b|\bsummar/.test(q)) return "feedback";
  return "search";
}

const line = (f: AiFact) => `- ${f.label}: "${excerptOf(f)}" [${f.key}]`;

/**
 * How many feedback items and reviews the overview reads for its tone, themes and quotes: the
 * first ones given (the caller gives the newest first). Counts cover every fact. Reading costs
 * about half a millisecond an item, and the reply's first chunk waits for it.
 */
export const OVERVIEW_READ_LIMIT = 50;

function overview(facts: readonly AiFact[], cite: (f: AiFact) => void): string[] {
  const kinds = (["feedback", "review", "goal", "objective"] as const)
    .map((k) => [k, facts.filter((f) => f.kind === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => count(n, k));
  const out = [`You may see ${kinds.join(", ")}.`];
  const all = facts.filter((f) => f.kind === "feedback" || f.kind === "review");
  const feedback = all.slice(0, OVERVIEW_READ_LIMIT);
  if (feedback.length > 0) {
    const readings = feedback.map((f) => ({ fact: f, a: analyseFeedback(f.text, []) }));
    const tones = new Map<ToneCategory, number>();
    for (const r of readings) tones.set(r.a.tone.category, (tones.get(r.a.tone.category) ?? 0) + 1);
    const [tone, n] = [...tones].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    out.push(`The most common tone: ${tone} (${n} of ${feedback.length < all.length ? `the first ${feedback.length} read` : feedback.length}).`);
    const themes = themesOf(feedback, 3);
    if (themes.length) out.push(`The most frequent themes: ${themes.map((t) => `${t.word} (${t.n})`).join(", ")}.`);
    const quoted = [...readings]
      .sort((x, y) => y.a.specificity.score - x.a.specificity.score || facts.indexOf(x.fact) - facts.indexOf(y.fact))
      .slice(0, 3)
      .map((r) => r.fact);
    out.push("The most specific of it:");
    for (const f of quoted) {
      out.push(line(f));
      cite(f);
    }
  } else {
    for (const f of facts.slice(0, 3)) {
      out.push(line(f));
      cite(f);
    }
  }
  return out;
}

/**
 * A reply composed from the facts alone: an overview for "Analyze employee feedback", a line per
 * review for "Analyze performance review campaigns", the goals for a goals question, otherwise the
 * facts that share words with the question. It ends with the keys it cited.
 */
export function composeChatReply(task: ChatTask): string {
  const aboutSubject = task.subject ? task.facts.filter((f) => f.aboutId === task.subject?.id) : [];
  const facts = aboutSubject.length > 0 ? aboutSubject : task.facts;
  if (facts.length === 0) return CHAT_TEXTS.noFacts;
  const cited: AiFact[] = [];
  const cite = (f: AiFact) => {
    if (!cited.includes(f)) cited.push(f);
  };
  const out: string[] = [];
  if (task.subject && aboutSubject.length > 0) out.push(`About ${task.subject.name}:`);
  const intent = intentOf(task.question);
  const reviews = facts.filter((f) => f.kind === "review");
  const goals = facts.filter((f) => f.kind === "goal" || f.kind === "objective");
  if (intent === "reviews" && reviews.length > 0) {
    out.push(`${count(reviews.length, "review")} you may see:`);
    for (const f of reviews.slice(0, 10)) {
      out.push(line(f));
      cite(f);
    }
  } else if (intent === "goals" && goals.length > 0) {
    out.push(`${goals.length} ${goals.length === 1 ? "goal or objective" : "goals and objectives"} you may see:`);
    for (const f of goals.slice(0, 10)) {
      out.push(line(f));
      cite(f);
    }
  } else if (intent === "search") {
    const asked = new Set(contentStems(task.question));
    const scored = facts
      .map((f, i) => ({ f, i, n: new Set(contentStems(f.text).filter((s) => asked.has(s))).size }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n || a.i - b.i)
      .slice(0, 3);
    if (scored.length > 0) {
      out.push("What you may see that speaks to this:");
      for (const { f } of scored) {
        out.push(line(f));
        cite(f);
      }
    } else {
      out.push(CHAT_TEXTS.noMatch, ...overview(facts, cite));
    }
  } else {
    out.push(...overview(facts, cite));
  }
  if (cited.length) out.push(`${CHAT_TEXTS.sources} ${cited.map((f) => `[${f.key}]`).join(", ")}`);
  return out.join("\n");
}
