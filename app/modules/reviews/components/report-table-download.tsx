import { Form } from "@remix-run/react";
import { useRef, useState } from "react";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";
import { readNdjsonRows } from "~/modules/reports/ndjson";
import { fileNameOf, filterEntries, REPORTS_TABLE_DOWNLOAD_PATH, type ReportFilters } from "../reports/report-table.schema";

/**
 * The super admin's Download (000 §7 "Streaming report download"): with JavaScript it POSTs
 * `{ title, filters }` as JSON to the download route, reads the newline-delimited rows as they
 * arrive with a running row count (aria-live), then builds "{title}.xlsx" in the browser with
 * SheetJS CE, imported only after the click so it is not in the page's first-load JavaScript.
 * Without JavaScript the same form posts to the page, which queues the file and e-mails it.
 */

type Status =
  | { kind: "idle" }
  | { kind: "reading"; rows: number }
  | { kind: "building"; rows: number }
  | { kind: "done"; rows: number; name: string }
  | { kind: "failed"; message: string };

const count = new Intl.NumberFormat("en-GB");
const rowsText = (n: number) => `${count.format(n)} ${n === 1 ? "row" : "rows"}`;

export function ReportTableDownload({
  action,
  filters,
  defaultTitle,
  titleError,
}: {
  action: string;
  filters: ReportFilters;
  defaultTitle: string;
  titleError?: string | null;
}) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const busy = status.kind === "reading" || status.kind === "building";
  const abort = useRef<AbortController | null>(null);

  async function download(title: string) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStatus({ kind: "reading", rows: 0 });
    try {
      const response = await fetch(REPORTS_TABLE_DOWNLOAD_PATH, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
        body: JSON.stringify({ title, filters }),
        signal: controller.signal,
        credentials: "same-origin",
      });
      // A signed-out or unauthorised request is redirected to a page, not answered with rows.
      const rowsCame = (response.headers.get("Content-Type") ?? "").startsWith("application/x-ndjson");
      if (!response.ok || !response.body || !rowsCame) {
        const problem = rowsCame ? null : ((await response.json().catch(() => null)) as { error?: string } | null);
        throw new Error(problem?.error ?? "Something went wrong.");
      }
      // The first line is the header: the count is of answer rows.
      const rows = await readNdjsonRows(response.body, (n) => setStatus({ kind: "reading", rows: Math.max(0, n - 1) }));
      const data = rows.length - 1;
      setStatus({ kind: "building", rows: data });
      const XLSX = await import("@e965/xlsx");
      const sheet = XLSX.utils.aoa_to_sheet(rows, { dense: true });
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, "Answers");
      const name = fileNameOf(title, "xlsx");
      XLSX.writeFile(book, name, { compression: true });
      setStatus({ kind: "done", rows: data, name });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus({ kind: "failed", message: error instanceof Error ? error.message : "Something went wrong." });
    }
  }

  return (
    <Form
      method="post"
      action={action}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const title = String(new FormData(event.currentTarget).get("title") ?? "").trim();
        if (!title) {
          setStatus({ kind: "failed", message: "A title is required." });
          return;
        }
        void download(title);
      }}
      aria-label="Download the report table"
    >
      {filterEntries(filters).map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="download" />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Title
        <input
          name="title"
          required
          maxLength={100}
          defaultValue={defaultTitle}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? "download-title-error" : undefined}
          className="w-72 rounded-md border border-slate-300 px-3 py-2 text-sm font-normal"
        />
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? "Downloading…" : "Download"}
      </Button>
      <p className="min-h-5 basis-full text-sm text-slate-700" aria-live="polite" role="status" data-download-status={status.kind}>
        {status.kind === "reading" ? `Reading rows… ${rowsText(status.rows)}` : null}
        {status.kind === "building" ? `Building the file from ${rowsText(status.rows)}…` : null}
        {status.kind === "done" ? `Downloaded ${rowsText(status.rows)} as ${status.name}.` : null}
        {!hydrated ? "The file is e-mailed to you once it is ready." : null}
      </p>
      {status.kind === "failed" || titleError ? (
        <p role="alert" id="download-title-error" className="basis-full text-sm text-red-700">
          {status.kind === "failed" ? status.message : titleError}
        </p>
      ) : null}
    </Form>
  );
}
