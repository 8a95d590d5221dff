import type { FocusCategory, SbiTag, ToneCategory } from "../one-on-ones/one-on-one-types";
import type { ActionStep, CompetencyRef, CompetencySuggestion, FeedbackAnalysis, SbiReading } from "./types";

/**
 * The embedded analyser: a deterministic reading of a feedback text by the rubric in
 * docs/ai-rubric.md (every cue list, weight and formula below is written out there; keep the two
 * in step). Pure, zod-free and import-free at run time: the seed loads it in Node by `.ts` path.
 * It never produces or suggests a rating.
 */

/** A sentence of the text with where it starts, so every excerpt is a slice of the text itself. */
export interface Sentence {
  text: string;
  start: number;
}

/** Splits at `.`, `!` or `?` followed by a space (or a closing quote or bracket and a space) and at line breaks. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const push = (end: number) => {
    const raw = text.slice(from, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body) out.push({ text: body, start: from + lead });
    from = end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n" || c === "\r") {
      push(i);
      from = i + 1;
    } else if (c === "." || c === "!" || c === "?") {
      let j = i + 1;
      while (j < text.length && /[.!?"'”’)\]]/.test(text[j])) j++;
      if (j >= text.length || /\s/.test(text[j])) {
        push(j);
        i = j - 1;
      }
    }
  }
  push(text.length);
  return out;
}

// ---- Cue lists (docs/ai-rubric.md § Cues; a test checks that the doc names every one) -----------

const words = (list: string) => list.trim().split(/\s*\|\s*/);

/** Every word list the analyser reads by, matched case-insensitively as whole words. */
export const CUES = {
  days: words("monday | tuesday | wednesday | thursday | friday | saturday | sunday"),
  // "may" and "march" are verbs far more often than months: only after a preposition ("in May").
  months: words("january | february | april | june | july | august | september | october | november | december"),
  monthVerbs: words("may | march"),
  monthPrepositions: words("in | during | since | until | by | early | late | mid | last | this"),
  periods: words("morning | afternoon | evening | week | month | quarter | sprint | year | night | time | cycle"),
  timeWords: words("yesterday | today | tonight | recently | earlier today | earlier this week | q1 | q2 | q3 | q4"),
  eventPrepositions: words("in | at | during | after | before | on"),
  eventDeterminers: words("the | our | your | a | an | this | that | last | yesterday's | today's"),
  events: words(`standup | stand-up | meeting | review | retro | retrospective | demo | presentation | call | workshop | launch |
    incident | sprint | planning | offsite | interview | kickoff | kick-off | deploy | deployment | release | project | pitch |
    onboarding | session | all-hands | sync | huddle | conversation | discussion | handover | escalation | outage | webinar |
    training | audit | migration | rollout`),
  contextOpeners: words("when | while | as soon as"),
  contextSubjects: words("you | we | the | our | they | i | he | she"),
  behaviourAdverbs: words("just | also | then | even | still | both | all | again"),
  behaviourNegations: words("didn't | did not | didn’t | have not | haven't"),
  /** Words ending in -ed that are not a past action. */
  notPastTense: words("need | seemed | feed | speed | exceed"),
  irregularPast: words(`took | made | gave | led | ran | wrote | built | spoke | sent | set | kept | brought | caught | found |
    left | met | held | told | said | got | put | went | came | drove | thought | stood | began | chose | broke | taught | sold |
    won | lost | paid | cut | shut | hit | let | drew | shown | did | understood | forgot | overtook | rewrote | undertook`),
  impact: words(`which meant | which means | this meant | that meant | meant that | meant | as a result | so the team | so that |
    so we | so i | so they | so our | so everyone | this helped | that helped | helped | helps | caused | causes | led to |
    leading to | resulted in | results in | thanks to this | thanks to that | thanks to you | made it possible |
    made it easier | made it harder | it made | this made | that made | which made | saved | allowed | enabled | the impact |
    the effect | the team could | we could | we were able | customer could | customers could | instead of | because of this |
    delayed | cost us | cost the team | cost the customer | blocked | slowed | reduced | increased`),
  measureUnits: words("% | percent | minutes | minute | mins | min | hours | hour | days | day | weeks | week | months | month | customers | customer | users | user | people | tickets | ticket | bugs | bug | points | point | deals | deal | calls | call | x"),
  vague: words(`good job | great job | nice job | well done | nice work | great work | good work | keep it up |
    keep up the good work | things | stuff | sometimes | generally | overall | in general | kind of | sort of | a bit`),
  supportive: words(`thank you | thanks | thank | great | appreciate | appreciated | excellent | well done | impressed |
    impressive | proud | love | loved | fantastic | brilliant | helpful | amazing | glad | kudos | nice | awesome | wonderful |
    grateful | good | strong | clear`),
  constructive: words(`next time | could | suggest | consider | try | improve | improvement | opportunity | recommend |
    would help | might | let's | perhaps | going forward | in the future | work on | focus on`),
  critical: words(`but | however | disappointed | disappointing | failed | fail | missed | late | poor | problem | issue |
    mistake | wrong | concern | concerned | not good enough | unclear | confusing | frustrating | frustrated | should have |
    didn't | did not | struggled | lack | lacked | lacking | interrupt | interrupted | interrupting | interrupts | ignore |
    ignored | ignores | rude | dismissive | complain | complained`),
  harsh: words(`useless | lazy | stupid | incompetent | pathetic | terrible | awful | horrible | worst | ridiculous |
    unacceptable | idiot | idiotic | hopeless | sloppy | careless | disaster | embarrassing | clueless | waste of time |
    worthless | dumb`),
  personVerbs: words("you're | you are | you were | you seem | you seemed | you sound"),
  personFillers: words("so | very | too | really | quite | just | such | always | never | not | a | an | the | kind of | sort of"),
  /** After "you are …": words that describe where or how someone was, not who they are. */
  personNotTraits: words("late | on | in | at | out | away | there | here | able | right | back"),
  personPhrases: words("your attitude | your personality | your character | your nature | your mindset | as a person | the kind of person"),
  stepCues: words(`next time | try | could you | would you | you could | you might | i suggest | i'd suggest | i would suggest |
    i recommend | let's | let us | consider | going forward | in the future | please | make sure | keep doing | it would help |
    would be great if | from now on`),
  imperatives: words(`try | start | stop | share | make | take | ask | add | use | plan | schedule | write | send | book | set |
    prepare | practise | practice | focus | consider | remember | include | check | pair | reach | block | document | review |
    involve | invite | continue | avoid | bring | turn | give | talk | agree | keep doing`),
  timeFrames: words(`next time | next week | next month | next quarter | next sprint | next meeting | next review |
    next 1-on-1 | this week | this month | this quarter | this sprint | tomorrow | by monday | by tuesday | by wednesday |
    by thursday | by friday | by the end of | before the | before our | before next | going forward | from now on |
    in the future | each week | each sprint | each month | every week | every sprint | every month | every day`),
  negatives: words("not | never | no longer | missed | late | failed | n't"),
  stopWords: words(`a | an | and | the | of | to | for | from | with | in | on | at | by | or | as | is | are | be | into | onto |
    that | this | these | those | their | your | our | its | others | other | people | work | works | well`),
  suffixes: words("ations | ation | ments | ment | ingly | ings | ing | edly | ness | ship | ities | ity | ive | ies | ied | ed | es | ly | er | s | ate | e"),
} as const;

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
/** Longest first, so "next time" wins over "next" and "didn't" over "did". */
const any = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length).map(escape).join("|");
const anyWord = (list: readonly string[], flags = "gi") => new RegExp(`\\b(?:${any(list)})\\b`, flags);

/** Situation: when it happened ("yesterday's standup", "last week", "on Monday", "in May", "Q3"). */
const TIME = new RegExp(
  `\\b(?:${any(CUES.timeWords)}|(?:this|last) (?:${any(CUES.periods)})|last (?:${any(CUES.days)})|(?:on )?(?:${any(CUES.days)})|(?:(?:in|during) )?(?:${any(
    CUES.months
  )})|(?:${any(CUES.monthPrepositions)}) (?:${any(CUES.monthVerbs)}))(?:'s [a-z0-9-]+)?\\b`,
  "gi"
);
/** Situation: the meeting, project or event it happened in ("during the Q3 launch"). */
const EVENT = new RegExp(
  `\\b(?:${any(CUES.eventPrepositions)})\\s+(?:(?:${any(CUES.eventDeterminers)}|[a-z0-9]+'s)\\s+)?(?:[a-z0-9-]+\\s+){0,2}(?:${any(CUES.events)})s?\\b`,
  "gi"
);
/** Situation: a when/while clause, up to 60 characters or the next punctuation. */
const CONTEXT = new RegExp(`\\b(?:${any(CUES.contextOpeners)}) (?:${any(CUES.contextSubjects)})\\b[^,.;:!?]{0,60}`, "gi");

/** Behaviour: "you", then a past-tense action (-ed or irregular) and up to eight more words of its clause. */
const BEHAVIOUR = new RegExp(
  `\\byou(?:'ve| have| had)?\\s+(?:(?:[a-z]+ly|${any(CUES.behaviourAdverbs)})\\s+)?(?:(?:${any(CUES.behaviourNegations)})\\s+[a-z]+|(?!(?:${any(
    CUES.notPastTense
  )})\\b)[a-z]{2,}ed|${any(CUES.irregularPast)})\\b(?:\\s+[^\\s.!?,;:]+){0,8}`,
  "gi"
);
/** Behaviour (focus only): an action in progress, "you were presenting". */
const ACTION_IN_PROGRESS = /\byou(?:'re| are| were)\s+[a-z]{3,}ing\b/gi;

/** Impact: a cue and up to twelve more words of its clause. */
const IMPACT = new RegExp(`\\b(?:${any(CUES.impact)})\\b(?:\\s+[^\\s.!?;:,]+){0,12}`, "gi");
/** A measured detail: a number with an optional unit. */
const MEASURE = new RegExp(`\\b\\d+(?:[.,:]\\d+)?(?:\\s*(?:${any(CUES.measureUnits)}))?(?=\\W|$)`, "gi");
const VAGUE = anyWord(CUES.vague);

const SUPPORTIVE = anyWord(CUES.supportive);
const CONSTRUCTIVE = anyWord(CUES.constructive);
const CRITICAL = anyWord(CUES.critical);
/** Insults and contempt: harsh wherever they are. */
const HARSH = anyWord(CUES.harsh);
const NEVER = /\bnever\b/gi;
const ALWAYS = /\balways\b/gi;

/** Person focus: a judgement of who someone is rather than what they did ("you are lazy"). */
const PERSON = new RegExp(
  `\\b(?:(?:${any(CUES.personVerbs)})(?:\\s+(?:${any(CUES.personFillers)}))*\\s+(?!(?:${any(CUES.personNotTraits)})\\b|[a-z]+(?:ing|ed)\\b)[a-z-]+|${any(
    CUES.personPhrases
  )})\\b`,
  "gi"
);

/**
 * The sentences that are steps: one with a step cue or opening with an imperative, and every
 * sentence of a paragraph from a "Next steps:" lead-in on (how Add actionability writes them).
 */
function stepsAmong(text: string, sentences: readonly Sentence[]): Set<Sentence> {
  const out = new Set<Sentence>();
  let listed = false;
  sentences.forEach((s, i) => {
    const before = sentences[i - 1];
    if (before && text.slice(before.start + before.text.length, s.start).includes("\n")) listed = false;
    if (STEP_LEAD_IN.test(s.text)) listed = true;
    if (listed || STEP_CUES.test(s.text) || IMPERATIVE.test(s.text)) out.add(s);
  });
  return out;
}
const STEP_LEAD_IN = /^next steps?\s*:/i;

/** Actionable steps: a sentence with one of these phrases, or opening with an imperative. */
const STEP_CUES = anyWord(CUES.stepCues, "i");
const IMPERATIVE = new RegExp(`^(?:${any(CUES.imperatives)})\\b`, "i");
const TIME_FRAME = anyWord(CUES.timeFrames, "i");
/** A sentence about improving rather than praising (competency development areas). */
const NEGATIVE = new RegExp(`\\b(?:${any(CUES.negatives)})\\b|n't\\b`, "i");

// ---- Weights (docs/ai-rubric.md § Scores) -------------------------------------------------------

export const RUBRIC = {
  specificity: { situation: 25, behavior: 30, impact: 25, perMeasure: 5, maxMeasure: 10, wordsPerPoint: 5, maxLength: 10, perVague: 5, maxVague: 20 },
  actionability: { firstStep: 40, perFurtherStep: 15, maxSteps: 3, timeFrame: 15, concrete: 15, concreteWords: 6 },
  aiScore: { specificity: 0.4, actionability: 0.3, tone: 0.15, focus: 0.15 },
  toneScore: { supportive: 100, constructive: 100, neutral: 70, critical: 40, harsh: 0 } as Record<ToneCategory, number>,
  focusScore: { behavior: 100, balanced: 60, person: 0 } as Record<FocusCategory, number>,
  suggestedTone: { supportive: "supportive", constructive: "constructive", neutral: "supportive", critical: "constructive", harsh: "constructive" } as Record<
    ToneCategory,
    ToneCategory
  >,
} as const;

// ---- Helpers --------------------------------------------------------------------------------------

interface Hit {
  text: string;
  index: number;
}

function hits(re: RegExp, text: string): Hit[] {
  re.lastIndex = 0;
  const out: Hit[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    out.push({ text: m[0].trim(), index: m.index });
  }
  return out;
}

const count = (re: RegExp, text: string) => hits(re, text).length;

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

function uniqueBy<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const STOP_WORDS = new Set<string>(CUES.stopWords);
const SUFFIXES: readonly string[] = CUES.suffixes;

/** A simple stem: lower case, up to two common suffixes off, the first six letters. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/[^a-z]/g, "");
  for (let round = 0; round < 2; round++) {
    const suffix = SUFFIXES.find((s) => w.endsWith(s) && w.length - s.length >= 3);
    if (!suffix) break;
    w = w.slice(0, w.length - suffix.length);
  }
  return w.slice(0, 6);
}

function contentStems(phrase: string): string[] {
  return uniqueBy(
    (phrase.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).filter((w) => w.length >= 3 && !STOP_WORDS.has(w)).map(stem).filter((s) => s.length >= 3),
    (s) => s
  );
}

function tagsOf(sentence: Sentence, pattern: RegExp, tag: string, label: string): SbiTag[] {
  return hits(pattern, sentence.text).map((h) => ({ tag, expanded: `${label}: ${h.text}`, excerpt: h.text }));
}

function reading(parts: Array<{ sentence: Sentence; tags: SbiTag[] }>): SbiReading {
  return {
    text: parts.map((p) => p.sentence.text).join(" "),
    tags: uniqueBy(
      parts.flatMap((p) => p.tags),
      (t) => `${t.tag}\u0000${t.excerpt.toLowerCase()}`
    ),
  };
}

const EMPTY: FeedbackAnalysis = {
  aiScore: 0,
  specificity: { score: 0, situation: { text: "", tags: [] }, behavior: { text: "", tags: [] }, impact: { text: "", tags: [] } },
  tone: { category: "neutral", openingStatement: "", suggestedTone: "supportive", excerpts: [] },
  focus: { category: "balanced", excerpts: [] },
  actionability: { score: 0, steps: [] },
  competencies: { strengths: [], development: [] },
};

// ---- The analysis --------------------------------------------------------------------------------

/** Reads a feedback text by the rubric; a text without a word scores zero everywhere. */
export function analyseFeedback(text: string, competencies: readonly CompetencyRef[]): FeedbackAnalysis {
  const sentences = sentencesOf(text);
  const words = (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;
  if (words === 0) return structuredCloneEmpty();

  // Situation, behaviour, impact (sentence by sentence).
  const situation: Array<{ sentence: Sentence; tags: SbiTag[] }> = [];
  const behavior: Array<{ sentence: Sentence; tags: SbiTag[] }> = [];
  const impact: Array<{ sentence: Sentence; tags: SbiTag[] }> = [];
  // A step speaks of what comes next: its time and place are the step's, not the situation's.
  const stepSentences = stepsAmong(text, sentences);
  const isStep = (s: Sentence) => stepSentences.has(s);
  for (const s of sentences) {
    if (isStep(s)) continue;
    const st = [...tagsOf(s, TIME, "time", "When"), ...tagsOf(s, EVENT, "event", "Where"), ...tagsOf(s, CONTEXT, "context", "Context")];
    if (st.length) situation.push({ sentence: s, tags: st });
    const bt = tagsOf(s, BEHAVIOUR, "action", "Did");
    if (bt.length) behavior.push({ sentence: s, tags: bt });
    const it = tagsOf(s, IMPACT, "result", "Impact");
    if (it.length) impact.push({ sentence: s, tags: [...it, ...tagsOf(s, MEASURE, "measure", "Measured")] });
  }
  const R = RUBRIC.specificity;
  const measures = count(MEASURE, text);
  const vague = count(VAGUE, text);
  const specificityScore = clamp(
    (situation.length ? R.situation : 0) +
      (behavior.length ? R.behavior : 0) +
      (impact.length ? R.impact : 0) +
      Math.min(R.maxMeasure, R.perMeasure * measures) +
      Math.min(R.maxLength, Math.floor(words / R.wordsPerPoint)) -
      Math.min(R.maxVague, R.perVague * vague)
  );

  // Tone.
  const supportive = hits(SUPPORTIVE, text);
  const constructive = hits(CONSTRUCTIVE, text);
  const critical = hits(CRITICAL, text);
  const harsh = [...hits(HARSH, text)];
  for (const s of sentences) {
    const offset = s.start;
    if (count(SUPPORTIVE, s.text) === 0) harsh.push(...hits(NEVER, s.text).map((h) => ({ ...h, index: h.index + offset })));
    if (count(CRITICAL, s.text) + count(HARSH, s.text) > 0) harsh.push(...hits(ALWAYS, s.text).map((h) => ({ ...h, index: h.index + offset })));
  }
  const category: ToneCategory =
    harsh.length > 0
      ? "harsh"
      : critical.length > 0 && critical.length > supportive.length + constructive.length
        ? "critical"
        : constructive.length > 0 && (critical.length > 0 || constructive.length >= supportive.length)
          ? "constructive"
          : supportive.length > 0
            ? "supportive"
            : "neutral";
  const toneWords = { harsh, critical, constructive, supportive, neutral: [] as Hit[] }[category];
  const toneExcerpts = uniqueBy(
    [...toneWords].sort((a, b) => a.index - b.index),
    (h) => h.text.toLowerCase()
  ).map((h) => h.text);

  // Focus.
  const person = hits(PERSON, text);
  const actions = [...hits(BEHAVIOUR, text), ...hits(ACTION_IN_PROGRESS, text)];
  const focus: FocusCategory = person.length > 0 && actions.length === 0 ? "person" : actions.length > 0 && person.length === 0 ? "behavior" : "balanced";
  const focusHits = focus === "person" ? person : focus === "behavior" ? actions : [...person, ...actions];
  const focusExcerpts = uniqueBy(
    focusHits.sort((a, b) => a.index - b.index),
    (h) => h.text.toLowerCase()
  ).map((h) => h.text);

  // Actionability.
  const A = RUBRIC.actionability;
  const found: ActionStep[] = sentences
    .filter(isStep)
    .map((s) => ({ text: s.text, excerpt: s.text }));
  const steps = found.slice(0, 10);
  const actionabilityScore =
    steps.length === 0
      ? 0
      : clamp(
          A.firstStep +
            A.perFurtherStep * (Math.min(A.maxSteps, steps.length) - 1) +
            (steps.some((s) => TIME_FRAME.test(s.text)) ? A.timeFrame : 0) +
            (steps.some((s) => (s.text.match(/[\p{L}\p{N}]+/gu) ?? []).length >= A.concreteWords) ? A.concrete : 0)
        );

  // Competencies.
  const { strengths, development } = tagCompetencies(sentences, competencies);

  const W = RUBRIC.aiScore;
  const aiScore = clamp(
    W.specificity * specificityScore + W.actionability * actionabilityScore + W.tone * RUBRIC.toneScore[category] + W.focus * RUBRIC.focusScore[focus]
  );

  return {
    aiScore,
    specificity: { score: specificityScore, situation: reading(situation), behavior: reading(behavior), impact: reading(impact) },
    tone: { category, openingStatement: sentences[0]?.text ?? "", suggestedTone: RUBRIC.suggestedTone[category], excerpts: toneExcerpts },
    focus: { category: focus, excerpts: focusExcerpts },
    actionability: { score: actionabilityScore, steps: steps.length ? steps : proposedSteps(development) },
    competencies: { strengths, development },
  };
}

function structuredCloneEmpty(): FeedbackAnalysis {
  return JSON.parse(JSON.stringify(EMPTY)) as FeedbackAnalysis;
}

/** Whether a sentence asks for improvement (a development area) rather than praising (a strength). */
export function isImprovement(sentence: string): boolean {
  return count(CRITICAL, sentence) + count(HARSH, sentence) + count(CONSTRUCTIVE, sentence) > 0 || NEGATIVE.test(sentence);
}

function tagCompetencies(sentences: Sentence[], competencies: readonly CompetencyRef[]) {
  const strengths: CompetencySuggestion[] = [];
  const development: CompetencySuggestion[] = [];
  const prepared = competencies.map((c) => ({
    ref: c,
    name: contentStems(c.name),
    behaviours: c.behaviours.map((b) => contentStems(b.name)).filter((b) => b.length > 0),
  }));
  for (const s of sentences) {
    const have = new Set(contentStems(s.text));
    const improvement = isImprovement(s.text);
    for (const c of prepared) {
      const byName = c.name.length > 0 && c.name.every((w) => have.has(w));
      const byBehaviour = c.behaviours.some((b) => b.filter((w) => have.has(w)).length >= Math.min(2, b.length));
      if (!byName && !byBehaviour) continue;
      const list = improvement ? development : strengths;
      if (!list.some((x) => x.id === c.ref.id)) list.push({ id: c.ref.id, name: c.ref.name, excerpt: s.text });
    }
  }
  return { strengths, development };
}

/** When the text has no step: one from a template (excerpt "": it is not in the text). */
function proposedSteps(development: CompetencySuggestion[]): ActionStep[] {
  const first = development[0];
  return [
    {
      text: first
        ? `Agree on one situation before the next 1-on-1 to practise ${first.name.toLowerCase()}, and look back on it together.`
        : "Agree on one concrete next step and when you will look back on it together.",
      excerpt: "",
    },
  ];
}
