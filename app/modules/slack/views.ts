import { sharedCopy } from "~/lib/copy";
import { escapeSlack as escape, safeSlackUrl } from "./mrkdwn";

/**
 * Block Kit views of the Slack app: the App Home tab (the person's open to-dos, each a link into
 * the app) and the quick feedback modal. Pure: the data comes from the callers.
 */
const words = sharedCopy.slackApp;

export const GIVE_FEEDBACK_CALLBACK = "give_feedback";
export const MODAL_BLOCKS = { colleague: "colleague", kind: "kind", text: "text" } as const;
export const MODAL_ACTION = "value";
export const QUICK_FEEDBACK_KINDS = ["feedback", "praise"] as const;
export type QuickFeedbackKind = (typeof QUICK_FEEDBACK_KINDS)[number];
/** Slack's static select holds 100 options; a larger company is searched (external select). */
export const STATIC_SELECT_LIMIT = 100;
export const FEEDBACK_TEXT_MAX = 3000;

type Block = Record<string, unknown>;

const plain = (text: string, max = 75) => ({ type: "plain_text", text: text.length <= max ? text : `${text.slice(0, max - 1)}…`, emoji: false });

export interface HomeTodo {
  title: string;
  detail: string | null;
  /** Absolute URL of the page that does it. */
  url: string;
}

export interface HomeSection {
  heading: string;
  todos: HomeTodo[];
}

const linkLine = (todo: HomeTodo) => {
  const url = safeSlackUrl(todo.url);
  const title = url ? `*<${url}|${escape(todo.title)}>*` : `*${escape(todo.title)}*`;
  return `${title}${todo.detail ? `\n${escape(todo.detail)}` : ""}`;
};

/** The App Home tab: the person's open to-dos by area, or why there is nothing to show. */
export function homeView(input: { linked: boolean; sections: HomeSection[]; appUrl: string }): Record<string, unknown> {
  const blocks: Block[] = [{ type: "header", text: plain(words.homeTitle, 150) }];
  const open = input.sections.filter((s) => s.todos.length > 0);
  if (!input.linked) {
    blocks.push({ type: "section", text: { type: "mrkdwn", text: escape(words.homeNotLinked) } });
  } else if (open.length === 0) {
    blocks.push({ type: "section", text: { type: "mrkdwn", text: escape(words.homeNoTodos) } });
  }
  // 100 blocks a view: a long list keeps its first items per area.
  for (const section of open) {
    blocks.push({ type: "section", text: { type: "mrkdwn", text: `*${escape(section.heading)}*` } });
    for (const todo of section.todos.slice(0, 25)) blocks.push({ type: "section", text: { type: "mrkdwn", text: linkLine(todo) } });
    blocks.push({ type: "divider" });
  }
  const actions: Block[] = [{ type: "button", text: plain(words.homeOpenApp), action_id: "open_link", url: input.appUrl }];
  if (input.linked) actions.push({ type: "button", text: plain(words.giveFeedback), action_id: "give_feedback", value: "home", style: "primary" });
  blocks.push({ type: "actions", block_id: "home_actions", elements: actions });
  return { type: "home", blocks };
}

export interface Colleague {
  id: string;
  name: string;
}

/** The quick feedback modal: a colleague, feedback or praise, the text. */
export function quickFeedbackModal(input: { colleagues: Colleague[] | "search" }): Record<string, unknown> {
  const colleagueElement =
    input.colleagues === "search"
      ? { type: "external_select", action_id: MODAL_ACTION, placeholder: plain(words.modalColleaguePlaceholder), min_query_length: 1 }
      : {
          type: "static_select",
          action_id: MODAL_ACTION,
          placeholder: plain(words.modalColleaguePlaceholder),
          options: colleagueOptions(input.colleagues),
        };
  const kindOption = (kind: QuickFeedbackKind) => ({ text: plain(kind === "praise" ? words.modalKindPraise : words.modalKindFeedback), value: kind });
  return {
    type: "modal",
    callback_id: GIVE_FEEDBACK_CALLBACK,
    title: plain(words.modalTitle, 24),
    submit: plain(words.modalSubmit, 24),
    close: plain(sharedCopy.cancel, 24),
    blocks: [
      { type: "input", block_id: MODAL_BLOCKS.colleague, label: plain(words.modalColleague, 2000), element: colleagueElement },
      {
        type: "input",
        block_id: MODAL_BLOCKS.kind,
        label: plain(words.modalKind, 2000),
        element: { type: "radio_buttons", action_id: MODAL_ACTION, initial_option: kindOption("feedback"), options: QUICK_FEEDBACK_KINDS.map(kindOption) },
      },
      {
        type: "input",
        block_id: MODAL_BLOCKS.text,
        label: plain(words.modalText, 2000),
        element: { type: "plain_text_input", action_id: MODAL_ACTION, multiline: true, max_length: FEEDBACK_TEXT_MAX },
      },
    ],
  };
}

export function colleagueOptions(colleagues: Colleague[]) {
  return colleagues.slice(0, STATIC_SELECT_LIMIT).map((c) => ({ text: plain(c.name), value: c.id }));
}

/** A plain modal telling the person something (for instance that their account is not linked). */
export function noticeModal(text: string): Record<string, unknown> {
  return {
    type: "modal",
    title: plain(words.modalTitle, 24),
    close: plain(sharedCopy.close, 24),
    blocks: [{ type: "section", text: { type: "mrkdwn", text: escape(text) } }],
  };
}
