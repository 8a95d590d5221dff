import { wordChunks } from "./embedded-provider";
import type { AiFact, AiProvider, AiWriteTask } from "./types";

/**
 * The assistant's rules (001 §5, the AI rules of the 1-on-1s), applied around every provider:
 * before it (a rating request and a summary from too little are answered here, the provider never
 * sees them) and after it (a remote reply's rating sentence and citations of unknown keys are left
 * out). The facts are the only source: they are gathered for the asking person through the access
 * module by the caller and reach the provider inside the task.
 */

type ChatTask = Extract<AiWriteTask, { kind: "chat" }>;

export const CHAT_RULE_TEXTS = {
  ratingRefused:
    "I don't rate people or suggest ratings, scores or rankings for anyone. I can point you to what their reviews, feedback and goals say, with the excerpts, so you can form your own view.",
  tooLittle: (name: string) =>
    `There is too little feedback about ${name} that you may see to summarise them fairly: I need at least two feedback items or reviews about a person.`,
  noFacts: "There is nothing I may use to answer this: you can see no reviews, feedback or goals here.",
  ratingOmitted: "(A rating was left out here: the assistant does not rate people.)",
} as const;

/** The fewest feedback items (feedback or reviews) about a person the assistant summarises them from. */
export const MIN_ITEMS_FOR_SUMMARY = 2;

const RATING_WORDS =
  /\b(?:rate|rates|rating|ratings|rated|score|scores|scoring|grade|grades|grading|rank|ranks|ranking|stars?|out of (?:5|10|100|five|ten)|on a scale|scale of|percentile|performance level)\b/i;
const PERSON_WORDS =
  /\b(?:him|her|them|he|she|his|hers|their|employee|employees|person|people|colleague|colleagues|report|reports|reviewee|reviewer|member|members|someone|anyone|everyone|individual|staff|worker|manager|engineer)\b/i;
/** A rating in a reply: "4/5", "8 out of 10", "3 stars", "I would rate…", "a rating of…". */
const RATING_IN_REPLY =
  /\b\d+(?:[.,]\d+)?\s*(?:\/|out of)\s*\d+\b|\b\d+(?:[.,]\d+)?\s*stars?\b|\b(?:i would|i'd|i will|i'll|i)\s+(?:rate|score|grade|rank)\b|\b(?:rating|grade|ranking)\s+(?:of|is|would be|should be|:)/i;

const SENTENCE_END = /[.!?]["')\]”’]*\s+|\n+/;

/** Whether the question asks for a rating, score, grade or ranking of a person. */
export function asksForRating(task: ChatTask): boolean {
  const q = task.question;
  if (!RATING_WORDS.test(q) || /\bai score\b|\bfeedback score\b|\bspecificity score\b|\bactionability score\b/i.test(q)) return false;
  return task.subject !== null || PERSON_WORDS.test(q) || /^\s*(?:please\s+)?(?:rate|grade|rank|score)\b/i.test(q);
}

/** Feedback items and reviews about `personId` among the facts. */
export function itemsAbout(facts: readonly AiFact[], personId: string): number {
  return facts.filter((f) => f.aboutId === personId && (f.kind === "feedback" || f.kind === "review")).length;
}

/** The facts a reply cites (their `[key]` appears in it), in the order it first cites them. */
export function citationsIn(text: string, facts: readonly AiFact[]): AiFact[] {
  return facts
    .map((f) => ({ f, at: text.indexOf(`[${f.key}]`) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.f);
}

/** The rule's answer in place of a reply, or null when the provider may answer. */
export function ruleAnswer(task: ChatTask): string | null {
  if (asksForRating(task)) return CHAT_RULE_TEXTS.ratingRefused;
  if (task.subject && itemsAbout(task.facts, task.subject.id) < MIN_ITEMS_FOR_SUMMARY) return CHAT_RULE_TEXTS.tooLittle(task.subject.name);
  if (task.facts.length === 0) return CHAT_RULE_TEXTS.noFacts;
  return null;
}

/**
 * The assistant's reply to a chat task, streamed. Throws what the provider throws
 * (`AiProviderError`); stops when `signal` aborts.
 */
export async function* answerChat(provider: AiProvider, task: AiWriteTask, signal?: AbortSignal): AsyncGenerator<string> {
  if (task.kind !== "chat") throw new Error("answerChat answers chat tasks only");
  const fixed = ruleAnswer(task);
  if (fixed !== null) {
    if (!signal?.aborted) yield* wordChunks(fixed);
    return;
  }
  const stream = provider.write(task, { signal });
  // The embedded reply is composed from the facts by a template: nothing in it to check.
  if (provider.kind === "embedded") {
    yield* stream;
    return;
  }
  yield* checked(stream, task.facts);
}

/**
 * A remote reply a sentence at a time: a sentence with a rating is replaced by a note (once),
 * a citation of a key that is not one of the facts is dropped.
 */
async function* checked(stream: AsyncIterable<string>, facts: readonly AiFact[]): AsyncGenerator<string> {
  const keys = new Set(facts.map((f) => f.key));
  let pending = "";
  let omitted = false;
  const clean = (sentence: string): string => {
    const kept = sentence.replace(/\s?\[([A-Za-z]{1,3}\d{1,5})\]/g, (match, key: string) => (keys.has(key) ? match : ""));
    if (!RATING_IN_REPLY.test(kept)) return kept;
    if (omitted) return "";
    omitted = true;
    return CHAT_RULE_TEXTS.ratingOmitted + (/\s+$/.exec(sentence)?.[0] ?? "");
  };
  for await (const chunk of stream) {
    pending += chunk;
    for (let m = SENTENCE_END.exec(pending); m; m = SENTENCE_END.exec(pending)) {
      const end = m.index + m[0].length;
      const out = clean(pending.slice(0, end));
      pending = pending.slice(end);
      if (out) yield out;
    }
  }
  if (pending) {
    const out = clean(pending);
    if (out) yield out;
  }
}
