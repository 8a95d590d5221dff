import type { SubmissionResult } from "@conform-to/react";
import type { PickedPerson } from "~/modules/people/search";
import type { ConfigIntent } from "./config.schema";
import type { LoopBlock } from "./feedback-blocks";
import type { LaunchRequirement } from "./launch-check";
import type { Delivery, FeedbackFor, FeedbackFormat, LoopAudienceType, LoopType, TemplateType } from "./loop-types";

/** What the configuration page's loader hands its components (002 §2.4), client-safe. */

export interface PersonRef {
  id: string;
  name: string;
  email: string;
}

export interface ConfigPage {
  id: string;
  version: number;
  title: string;
  templateType: TemplateType;
  templateName: string;
  templateFormat: FeedbackFormat | null;
  platform: "slack" | "msteams";
  companyName: string;
  blocks: LoopBlock[];
  saved: {
    workflowType: LoopType | null;
    audienceType: LoopAudienceType | null;
    audienceIds: string[];
    workspaceId: string | null;
    audienceUsers: PersonRef[];
    feedbackFor: FeedbackFor | null;
    pairs: Array<{ sender: PersonRef; receiver: PersonRef }>;
    anonymous: boolean;
    /** `datetime-local` values at tzOffsetMinutes ("" when not set). */
    deadline: string;
    startDate: string;
    frequency: string;
    tzOffsetMinutes: number;
    notificationMessage: string;
    delivery: Delivery | null;
  };
  channels: Array<{ id: string; name: string; isPrivate: boolean; workspaceId: string }>;
  groups: Array<{ id: string; name: string }>;
  workspaces: Array<{ id: string; name: string }>;
  /** Active people the audience is now. */
  audienceCount: number;
  /** Pairs a run of the loop would have now (resolveLoopPairs). */
  pairCount: number;
  preview: {
    /** Whom the preview's message greets (the first sender), or null. */
    senderName: string | null;
    /** 'Feedback is for' names of that sender (at most five) and how many more. */
    feedbackFor: string[];
    more: number;
    selfSelect: boolean;
  };
  /** The first unmet launch requirement (launch-check.ts), or null. */
  blocker: { requirement: LaunchRequirement; message: string } | null;
  now: number;
}

/** A section's answer: its field errors, and with JavaScript the loop as saved. */
export interface SectionReply {
  intent: ConfigIntent;
  result?: SubmissionResult<string[]>;
  page?: ConfigPage;
  /** An upload's pairs that were not added. */
  unverified?: Array<{ sender: string; receiver: string; senderOk?: boolean; receiverOk?: boolean }>;
  uploadMessage?: string;
  uploadOk?: boolean;
  /** Without JavaScript: a people picker's search, by its query field's name. */
  search?: { queryName: string; query: string; matches: PickedPerson[]; chosen: PickedPerson[] };
  /** A launch refused by the server. */
  launchError?: string;
}

export const libraryLoopPath = (templateType: string, id: string) =>
  `/workflows/library/${encodeURIComponent(templateType)}/${encodeURIComponent(id)}`;
export const configPath = (templateType: string, id: string) => `${libraryLoopPath(templateType, id)}/config`;
export const MANAGE_LOOPS_PATH = "/workflows/manage-feedback-loops";
