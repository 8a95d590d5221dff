import type { AiFact, AiWriteTask } from "./types";

/** One chat-completions message (the shape Workers AI and OpenAI-compatible endpoints share). */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/**
 * The rules every remote model is given. The same rules are applied again around the model in
 * chat-rules.ts (a rating request never reaches it; a reply's rating is left out), so a model that
 * ignores its prompt still cannot rate anyone.
 */
export const SYSTEM_PROMPT = [
  "You are the writing assistant of Pulseboard, a people-performance platform. You help managers and colleagues write useful, fair feedback and understand the feedback, reviews and goals they are allowed to see.",
  "Rules you always follow:",
  "1. Never give, suggest, estimate or compare a rating, score, grade, ranking or number of stars for a person, and never say whether someone should be promoted, paid more or let go. If asked, say that you do not rate people.",
  "2. When facts are given, they are your only source: use nothing else about the people involved, and never invent one. Cite every fact you use by its key in square brackets, e.g. [F3], and quote the excerpt you rely on in double quotes.",
  "3. Do not summarise a person from fewer than two feedback items about them; say there is too little to go on.",
  "4. Write about what people did and its effect, never about who they are.",
  "5. Reply with the requested text only: no preamble, no explanation, no markdown headings.",
].join("\n");

const quoted = (text: string) => `"""\n${text}\n"""`;

function factLines(facts: readonly AiFact[]): string {
  if (facts.length === 0) return "(no facts: nothing the asking person may see answers this)";
  return facts.map((f) => `[${f.key}] ${f.kind}, about ${f.aboutId}, ${f.label}: ${f.text.replace(/\s+/g, " ").trim()}`).join("\n");
}

/** The task as the user message: what to write, and the text it works on. */
export function taskPrompt(task: Exclude<AiWriteTask, { kind: "chat" }>): string {
  switch (task.kind) {
    case "refine":
      return [
        `Rewrite only the selected part of this feedback as instructed: ${task.instruction.trim() || "fix grammar"}.`,
        "Return the whole feedback with the selection replaced and everything else unchanged.",
        `Feedback:\n${quoted(task.userFeedback)}`,
        `Selected part:\n${quoted(task.selectedText)}`,
      ].join("\n\n");
    case "specificity":
      return [
        'Rewrite this feedback so it opens with the situation, the behaviour and its impact, in the form "In <situation>, <behaviour>. <impact>.", and keeps the rest of the feedback after it.',
        "Return the whole new feedback.",
        `Feedback:\n${quoted(task.userFeedback)}`,
        `Situation:\n${quoted(task.situation)}`,
        `Behaviour:\n${quoted(task.behavior)}`,
        `Impact:\n${quoted(task.impact)}`,
      ].join("\n\n");
    case "tone":
      return [
        `Rewrite the opening statement of this feedback in a ${task.suggestedTone} tone, keeping its meaning and the facts it mentions. Return only the new opening statement (one or two sentences).`,
        `Opening statement:\n${quoted(task.openingStatement)}`,
        `The whole feedback, for context:\n${quoted(task.userFeedback)}`,
      ].join("\n\n");
    case "merge-opening":
      return [
        "Make this opening statement the first sentence of the feedback, replacing the feedback's own opening sentence, so no opening is said twice. Return the whole new feedback.",
        `Opening statement:\n${quoted(task.openingStatement)}`,
        `Feedback:\n${quoted(task.userFeedback)}`,
      ].join("\n\n");
    case "actionability":
      return [
        'Add these next steps at the end of the feedback as "Next steps: …" sentences, leaving the rest unchanged. Return the whole new feedback.',
        `Feedback:\n${quoted(task.userFeedback)}`,
        `Steps:\n${task.actionableSteps.map((s) => `- ${s}`).join("\n")}`,
      ].join("\n\n");
  }
}

/** The whole conversation for a task: the rules, the facts (chat), earlier turns, the task. */
export function buildMessages(task: AiWriteTask): ChatMessage[] {
  if (task.kind !== "chat") return [{ role: "system", content: SYSTEM_PROMPT }, { role: "user", content: taskPrompt(task) }];
  const about = task.subject ? `The question is about ${task.subject.name} (${task.subject.id}).` : "The question is about no one person in particular.";
  const system = [
    SYSTEM_PROMPT,
    "",
    about,
    "Facts the asking person may see (cite them by key):",
    factLines(task.facts),
    "",
    "End your reply with a line listing the keys you cited, e.g. Sources: [F1], [F3].",
  ].join("\n");
  const history: ChatMessage[] = task.history.flatMap((turn) => [
    { role: "user" as const, content: turn.human },
    { role: "assistant" as const, content: turn.ai },
  ]);
  return [{ role: "system", content: system }, ...history, { role: "user", content: task.question }];
}
