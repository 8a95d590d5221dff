import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { sharedCopy } from "~/lib/copy";
import type { CraftPageData } from "../ai-feedback-page.server";
import { FeedbackCrafter } from "./feedback-crafter";

const T = sharedCopy.aiCrafting;

/**
 * The modal variant of the crafting tool (001 §2): the prepare-feedback route's data loaded
 * through a fetcher, the tool in a Headless UI dialog (focus moves in and is trapped; Escape,
 * Cancel or a click outside close it and focus returns to the link that opened it).
 */
export function CraftingDialog({ to, onClose }: { to: string; onClose: () => void }) {
  const loader = useFetcher<CraftPageData>();
  useEffect(() => {
    if (loader.state === "idle" && !loader.data) loader.load(to);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [to]);
  const page = loader.data;
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-start justify-center p-4">
          <DialogPanel className="w-full max-w-6xl rounded-lg bg-white p-6 shadow-xl" data-crafting-dialog>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <DialogTitle className="text-lg font-semibold text-slate-900">{page?.revieweeName ? T.titleFor(page.revieweeName) : T.title}</DialogTitle>
              <Link to={page?.action ?? to} className="text-sm font-medium text-indigo-700 hover:underline">
                {T.openFullPage}
              </Link>
            </div>
            {page ? (
              <FeedbackCrafter page={page} reply={null} mode="dialog" onClose={onClose} />
            ) : (
              <p role="status" className="text-sm text-slate-600">
                {T.loading}
              </p>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
