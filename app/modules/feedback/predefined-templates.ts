// The workflow library's predefined templates (002 §3 "Feedback template", §7 "predefined and
// custom feedback templates"): the product's own, the same for every company, versioned with the
// code. Zod-free and loaded by the seed with Node's own type stripping, so its run-time imports
// name `.ts` files (@ts-ignore TS5097), and blocks are built by the builders' own conversions.
// @ts-ignore TS5097
import { toFlatQuestion, toValueBlock } from "../blocks/convert.ts";
import type { ScaleFamily } from "../blocks/scales";
import type { ChoiceBlock, HeadingBlock, TextBlock, ValueBlock } from "../blocks/types";
import type { FeedbackTemplateBlock, LoopBlock, OneOnOneAgendaBlock } from "./feedback-blocks";
import type { FeedbackFormat, TemplateType } from "./loop-types";

export interface PredefinedFeedbackTemplate {
  /** A stable key: library loops keep it as their templateId. */
  id: string;
  templateType: TemplateType;
  title: string;
  desc: string;
  /** SBI, SaD or FreeText: the item's fixed text fields; null for a template of blocks only. */
  format: FeedbackFormat | null;
  blocks: LoopBlock[];
}

/** What a library loop is made from, whichever kind of template (createLibraryLoop's argument). */
export interface LoopTemplate {
  templateType: TemplateType;
  /** The predefined key or the custom template's id; null when started from scratch. */
  templateId: string | null;
  title: string;
  format: FeedbackFormat | null;
  blocks: LoopBlock[];
}

// ---------------------------------------------------------------------------------------------
// Block helpers: each fills in every field its type needs, so templates read as content only.
// ---------------------------------------------------------------------------------------------

const heading = (id: string, type: "title" | "subtitle", text: string) => toValueBlock({ key: id, type, text }) as HeadingBlock;
const subtitle = (id: string, text: string) => heading(id, "subtitle", text);

const text = (id: string, type: "short-text" | "long-text", label: string, placeholder: string, required: boolean) =>
  toValueBlock({ key: id, type, label, placeholder, required }) as TextBlock;
const shortText = (id: string, label: string, placeholder: string, required = true) => text(id, "short-text", label, placeholder, required);
const longText = (id: string, label: string, placeholder: string, required = true) => text(id, "long-text", label, placeholder, required);

interface ChoiceOptions {
  items?: string[];
  required?: boolean;
  dropdown?: boolean;
  /** A guideline for a comment beside the answer; turns the comment box on. */
  comment?: string;
}

function multiSelect(id: string, label: string, scale: ScaleFamily, options: ChoiceOptions = {}): ValueBlock {
  return toValueBlock({
    key: id,
    type: "multi-select",
    label,
    scale,
    customItems: (options.items ?? []).join("\n"),
    required: options.required ?? true,
    view: options.dropdown ? "dropdown" : "radio",
    commentBox: Boolean(options.comment),
    commentBoxGuide: options.comment ?? "",
  });
}

/** A 1-on-1 agenda's choice question (the kernel's flat choice, as 1-on-1 prep surveys store it). */
function choice(id: string, label: string, scale: ScaleFamily, options: ChoiceOptions = {}): ChoiceBlock {
  return toFlatQuestion({
    key: id,
    type: "choice",
    label,
    scale,
    customItems: (options.items ?? []).join("\n"),
    required: options.required ?? true,
    dropdown: Boolean(options.dropdown),
    commentBox: Boolean(options.comment),
    commentBoxGuide: options.comment ?? "",
  }) as ChoiceBlock;
}

// ---------------------------------------------------------------------------------------------
// Feedback templates. The formats' blocks are their text fields, each block id the item's field
// (app/modules/feedback/item-record.ts FEEDBACK_TEXT_FIELDS), so a preview and a giving form
// render them like any other block and the answer lands in its own column.
// ---------------------------------------------------------------------------------------------

const SBI: FeedbackTemplateBlock[] = [
  longText(
    "situationText",
    "Situation",
    "When and where did it happen? For example: in Tuesday's sprint review, while presenting the roadmap."
  ),
  longText("behaviorText", "Behaviour", "What exactly did they say or do? Describe what you observed, not your interpretation of it."),
  longText("impactText", "Impact", "What effect did it have on you, the team, a customer or the result?"),
  longText("sbiNextStepText", "Next step", "What would you like them to keep doing, or try differently next time?", false),
];

const SAD: FeedbackTemplateBlock[] = [
  longText("strengthText", "Strengths", "What do they do especially well? Give a recent example."),
  longText("developmentAreaText", "Development areas", "Where could they grow to have an even bigger impact? Be specific and kind."),
  longText("sdNextStepText", "Next step", "What is one concrete thing they could do, or you could help with, in the coming weeks?", false),
];

const FREE_TEXT: FeedbackTemplateBlock[] = [
  longText("feedbackText", "Feedback", "Share what went well and what could be even better, with an example where you can."),
];

const MANAGER_FEEDBACK: FeedbackTemplateBlock[] = [
  subtitle("mf-recent", "Recent work"),
  longText("mf-impact", "What is one thing they did recently that made a real difference?", "Describe the situation and the result."),
  multiSelect("mf-quality", "They deliver high-quality work on time and keep me informed when plans change.", "agree-disagree-5", {
    comment: "What makes you say that?",
  }),
  multiSelect("mf-ownership", "They take ownership of problems and see them through to the end.", "agree-disagree-5"),
  subtitle("mf-growth", "Growth"),
  longText("mf-change", "What could they do differently to be even more effective?", "Focus on one or two things they can act on."),
  shortText("mf-focus", "What should they focus on over the next quarter?", "One priority, in a sentence", false),
];

const UPWARD_FEEDBACK: FeedbackTemplateBlock[] = [
  multiSelect("uf-feedback", "My manager gives me regular, actionable feedback.", "agree-disagree-5"),
  multiSelect("uf-goals", "My manager helps me understand how my work connects to the team's goals.", "agree-disagree-5"),
  multiSelect("uf-safety", "I feel comfortable raising concerns or disagreeing with my manager.", "agree-disagree-5"),
  multiSelect("uf-growth", "My manager supports my growth and career development.", "agree-disagree-5", {
    comment: "How could they support you better?",
  }),
  longText("uf-keep", "What should your manager keep doing?", "Something that helps you do your best work."),
  longText("uf-change", "What could your manager do differently to support you better?", "Be specific: it helps them act on it.", false),
];

const PEER_360: FeedbackTemplateBlock[] = [
  multiSelect("p360-often", "How often do you work with this person?", "custom", {
    items: ["Daily", "Weekly", "Monthly", "Rarely"],
    dropdown: true,
  }),
  subtitle("p360-collab", "Collaboration"),
  multiSelect("p360-dependable", "They are a dependable collaborator who follows through on commitments.", "agree-disagree-5"),
  multiSelect("p360-context", "They share information and context openly with the people who need it.", "agree-disagree-5"),
  multiSelect("p360-feedback", "They are open to feedback and different points of view.", "agree-disagree-5"),
  subtitle("p360-impact", "Strengths and growth"),
  longText("p360-strengths", "What are this person's greatest strengths?", "Where do they add the most value to the team?"),
  longText("p360-grow", "What is one thing they could do to have an even bigger impact?", "One change that would make a difference."),
];

const PRAISE: FeedbackTemplateBlock[] = [
  shortText("praise-headline", "Headline", "For example: Saved the launch with a weekend fix", false),
  longText("praise-what", "What did they do that deserves recognition?", "Describe what they did and why it mattered."),
  multiSelect("praise-value", "Which of our values did they show?", "custom", {
    items: ["Customer obsession", "Ownership", "Teamwork", "Integrity", "Curiosity"],
    required: false,
  }),
];

// ---------------------------------------------------------------------------------------------
// One-on-one agendas: the prep survey of the meetings a one-on-one loop sets up.
// ---------------------------------------------------------------------------------------------

const WEEKLY_CHECK_IN: OneOnOneAgendaBlock[] = [
  subtitle("wc-pulse", "How are you doing?"),
  choice("wc-week", "How was your week overall?", "custom", { items: ["Great", "Good", "Okay", "Tough"] }),
  longText("wc-wins", "What went well this week?", "Wins, big or small"),
  longText("wc-blockers", "What is blocking you or slowing you down?", "Anything I can help remove?", false),
  shortText("wc-priority", "What is your top priority for next week?", "One sentence"),
  longText("wc-other", "Anything else you would like to talk about?", "Topics for our conversation", false),
];

const CAREER_CONVERSATION: OneOnOneAgendaBlock[] = [
  subtitle("cc-now", "Where you are now"),
  longText("cc-energy", "Which parts of your work energise you the most?", "Projects, tasks or moments you enjoy"),
  choice("cc-support", "I have the support I need to grow my career here.", "agree-disagree-5", {
    comment: "What would help you most?",
  }),
  subtitle("cc-next", "Looking ahead"),
  longText("cc-future", "Where would you like to be in one to two years?", "A role, a skill, a kind of work"),
  shortText("cc-skill", "Which skill would you most like to develop next?", "One skill"),
  longText("cc-help", "What can I do as your manager to help you get there?", "Opportunities, introductions, time", false),
];

const PERFORMANCE_CHECK_IN: OneOnOneAgendaBlock[] = [
  subtitle("pc-goals", "Goals and progress"),
  choice("pc-tracking", "How are you tracking against your goals?", "custom", {
    items: ["Ahead of plan", "On track", "At risk", "Off track"],
    comment: "Which goals, and why?",
  }),
  longText("pc-proud", "What are you most proud of since our last check-in?", "Results, learning or help you gave"),
  longText("pc-support", "Where do you need more support or resources?", "People, tools, time or decisions", false),
  subtitle("pc-feedback", "Feedback"),
  longText("pc-manager", "What feedback do you have for me as your manager?", "What helps, what gets in the way", false),
  shortText("pc-focus", "What will you focus on before our next check-in?", "One or two priorities"),
];

export const PREDEFINED_FEEDBACK_TEMPLATES: readonly PredefinedFeedbackTemplate[] = [
  {
    id: "sbi",
    templateType: "feedback",
    title: "Situation-Behaviour-Impact (SBI)",
    desc: "Specific, observable feedback: the situation, what the person did, its impact, and a next step.",
    format: "SBI",
    blocks: SBI,
  },
  {
    id: "sad",
    templateType: "feedback",
    title: "Strengths and Development Areas",
    desc: "What the person does well, where they can grow, and one next step.",
    format: "SaD",
    blocks: SAD,
  },
  {
    id: "free-text",
    templateType: "feedback",
    title: "Free Text",
    desc: "Open feedback in the sender's own words.",
    format: "FreeText",
    blocks: FREE_TEXT,
  },
  {
    id: "manager-feedback",
    templateType: "feedback",
    title: "Manager Feedback",
    desc: "Managers give their direct reports feedback on recent work, ownership and what to focus on next.",
    format: null,
    blocks: MANAGER_FEEDBACK,
  },
  {
    id: "upward-feedback",
    templateType: "feedback",
    title: "Upward Feedback",
    desc: "Direct reports tell their manager how well they are supported, what to keep doing and what to change.",
    format: null,
    blocks: UPWARD_FEEDBACK,
  },
  {
    id: "peer-360",
    templateType: "feedback",
    title: "360 Peer Feedback",
    desc: "Colleagues rate collaboration and share strengths and growth areas.",
    format: null,
    blocks: PEER_360,
  },
  {
    id: "praise",
    templateType: "feedback",
    title: "Praise",
    desc: "Recognise a colleague for great work and the value it showed.",
    format: null,
    blocks: PRAISE,
  },
  {
    id: "weekly-check-in",
    templateType: "one-on-one",
    title: "Weekly Check-in",
    desc: "A short weekly agenda: how the week went, blockers and next week's priority.",
    format: null,
    blocks: WEEKLY_CHECK_IN,
  },
  {
    id: "career-conversation",
    templateType: "one-on-one",
    title: "Career Conversation",
    desc: "Talk about what energises the person, where they want to go and how to get there.",
    format: null,
    blocks: CAREER_CONVERSATION,
  },
  {
    id: "performance-check-in",
    templateType: "one-on-one",
    title: "Performance Check-in",
    desc: "Review progress on goals, celebrate wins and agree where support is needed.",
    format: null,
    blocks: PERFORMANCE_CHECK_IN,
  },
];

export function predefinedFeedbackTemplate(id: string): PredefinedFeedbackTemplate | undefined {
  return PREDEFINED_FEEDBACK_TEMPLATES.find((t) => t.id === id);
}

export function predefinedTemplatesOf(templateType: TemplateType): PredefinedFeedbackTemplate[] {
  return PREDEFINED_FEEDBACK_TEMPLATES.filter((t) => t.templateType === templateType);
}

/** A predefined template as a library loop is made from it. */
export function loopTemplateOf(t: PredefinedFeedbackTemplate): LoopTemplate {
  return { templateType: t.templateType, templateId: t.id, title: t.title, format: t.format, blocks: t.blocks };
}
