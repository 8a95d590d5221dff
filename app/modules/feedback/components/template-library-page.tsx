import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { copy } from "~/lib/copy";
import type { Platform } from "~/modules/blocks/convert";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { Modal } from "~/ui/dialog";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DataTable, DayCell } from "~/ui/table";
import type { LoopBlock } from "../feedback-blocks";
import type { LibraryLoopRow } from "../library.server";
import { LIBRARY_PATH, libraryLoopConfigPath, libraryLoopPath, TEMPLATE_TYPES_PATH } from "../template.schema";
import { LoopBlocksPreview } from "./template-preview";

/**
 * The workflow library (002 §2.4 "Library ... actions Duplicate, Delete (with confirmation),
 * Preview and Launch per item"): the company's library loops with their template, when and by
 * whom they were made. Every action is a plain link or form; with JavaScript, Delete confirms and
 * Preview shows in a dialog, without it the page answers Delete with an in-page confirmation and
 * Preview opens the loop's page.
 */

export interface LibraryPageData {
  platform: Platform;
  loops: LibraryLoopRow[];
}

type Target = { id: string; title: string; templateType: LibraryLoopRow["templateType"] };

export function TemplateLibraryPage({ data, check }: { data: LibraryPageData; check: { id: string; title: string } | null }) {
  const words = copy(data.platform);
  const [deleting, setDeleting] = useState<Target | null>(null);
  const [previewing, setPreviewing] = useState<Target | null>(null);
  const previewFetcher = useFetcher<{ loop?: { blocks: LoopBlock[] } }>();
  const navigation = useNavigation();
  const newLoop = <ButtonLink to={TEMPLATE_TYPES_PATH}>{words.newFeedbackLoop}</ButtonLink>;
  return (
    <>
      <PageHeader title={words.libraryTitle} actions={newLoop} />
      {check ? (
        <ConfirmPanel
          id="delete-loop"
          title={words.deleteLoopTitle(check.title)}
          fields={{ intent: "delete", id: check.id, initialCheck: "false" }}
          cancelTo={LIBRARY_PATH}
          confirmLabel={words.delete}
          data-delete-check
        >
          <p>{words.deleteLoopBody}</p>
        </ConfirmPanel>
      ) : null}
      {data.loops.length === 0 ? (
        <EmptyState icon="workflows" title={words.noLibraryLoops} description={words.noLibraryLoopsHint}>
          {newLoop}
        </EmptyState>
      ) : (
        <DataTable
          label={words.libraryTitle}
          columns={[words.libraryColumnTitle, words.libraryColumnTemplate, words.libraryColumnCreated, words.libraryColumnCreatedBy]}
          actions
        >
          {data.loops.map((loop) => {
            const target = { id: loop.id, title: loop.title, templateType: loop.templateType };
            return (
              <tr key={loop.id} data-library-loop={loop.id}>
                <td className="px-3 py-2 font-medium text-slate-900">
                  <a href={libraryLoopPath(loop.templateType, loop.id)} className="hover:text-indigo-700 hover:underline">
                    {loop.title}
                  </a>
                </td>
                <td className="px-3 py-2 text-slate-600">{loop.templateName}</td>
                <DayCell ms={loop.createdAt} />
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{loop.createdBy ?? "—"}</td>
                <td className="px-3 py-2">
                  <div className="flex justify-end gap-2">
                    <a
                      href={libraryLoopPath(loop.templateType, loop.id)}
                      className={buttonClass("ghost")}
                      aria-label={`${words.preview} ${loop.title}`}
                      onClick={(event) => {
                        event.preventDefault();
                        setPreviewing(target);
                        previewFetcher.load(libraryLoopPath(loop.templateType, loop.id));
                      }}
                    >
                      {words.preview}
                    </a>
                    <Form method="post">
                      <input type="hidden" name="intent" value="duplicate" />
                      <input type="hidden" name="id" value={loop.id} />
                      <button type="submit" className={buttonClass("secondary")} aria-label={`${words.duplicate} ${loop.title}`}>
                        {words.duplicate}
                      </button>
                    </Form>
                    <form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={loop.id} />
                      <input type="hidden" name="initialCheck" value="true" />
                      <button
                        type="submit"
                        className={buttonClass("danger")}
                        aria-label={`${words.delete} ${loop.title}`}
                        onClick={(event) => {
                          event.preventDefault();
                          setDeleting(target);
                        }}
                      >
                        {words.delete}
                      </button>
                    </form>
                    <a href={libraryLoopConfigPath(loop.templateType, loop.id)} className={buttonClass("primary")} aria-label={`${words.launch} ${loop.title}`}>
                      {words.launch}
                    </a>
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Modal open={deleting !== null} onClose={() => setDeleting(null)} title={deleting ? words.deleteLoopTitle(deleting.title) : ""}>
        <p className="mt-2 text-sm text-slate-700">{words.deleteLoopBody}</p>
        <Form method="post" className="mt-5 flex justify-end gap-2" onSubmit={() => setDeleting(null)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={deleting?.id ?? ""} />
          <input type="hidden" name="initialCheck" value="false" />
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {words.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={navigation.state !== "idle"}>
            {words.delete}
          </Button>
        </Form>
      </Modal>
      <Modal open={previewing !== null} onClose={() => setPreviewing(null)} title={previewing ? words.previewOf(previewing.title) : ""} size="lg">
        <div className="mt-4 max-h-[70vh] overflow-y-auto pr-1" aria-busy={previewFetcher.state !== "idle"}>
          {previewFetcher.state === "idle" && previewFetcher.data?.loop ? (
            <LoopBlocksPreview blocks={previewFetcher.data.loop.blocks} words={words} idPrefix="library-preview" />
          ) : (
            <p className="text-sm text-slate-600">Loading…</p>
          )}
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setPreviewing(null)}>
            {words.close}
          </Button>
        </div>
      </Modal>
    </>
  );
}
