import { Link } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { PageHeader } from "~/ui/page-header";
import type { CraftPageData, CraftReply } from "../ai-feedback-page.server";
import { FeedbackCrafter } from "./feedback-crafter";

const T = sharedCopy.aiCrafting;

/** The full-page variant of the crafting tool: a back arrow to the meeting and the tool. */
export function FeedbackCrafterPage({ page, reply }: { page: CraftPageData; reply: CraftReply | null }) {
  return (
    <>
      <PageHeader
        title={page.revieweeName ? T.titleFor(page.revieweeName) : T.title}
        actions={
          <Link to={page.backTo} className="text-sm font-medium text-indigo-700 hover:underline">
            <span aria-hidden="true">← </span>
            {page.revieweeName || T.cancel}
          </Link>
        }
      />
      <FeedbackCrafter page={page} reply={reply} mode="page" />
    </>
  );
}
