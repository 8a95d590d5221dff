import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { z } from "zod";
import { CreateRelationshipSchema, RenameRelationshipSchema } from "../relationships.schema";
import { BASE, openUrl, type ActionData, type RelationshipsPageData } from "../relationships-page";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { FieldRow } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import { Table } from "~/ui/table";

type Loaded = RelationshipsPageData;

/** Custom relationships (002 §2.8): the list, a new one, and the open one's members, search and upload. */
export function RelationshipsPage({ relationships, open, actionData }: RelationshipsPageData & { actionData?: ActionData }) {
  return (
    <div className="mx-auto max-w-5xl p-6">
      <PageHeader title="Relationships" description="Custom relationships group people beside My Team." />
      <CreateForm lastResult={actionData?.intent === "create" && "result" in actionData ? actionData.result : undefined} />
      {relationships.length === 0 ? (
        <EmptyState title="No relationships yet." />
      ) : (
        <Table
          className="mt-6 w-full text-left text-sm"
          data-testid="relationships"
          header="rule"
          columnClassName="py-2"
          actions
          columns={["Name", "Members"]}
        >
            {relationships.map((r) => (
              <tr key={r.id} className="border-b border-slate-100" data-relationship-id={r.id}>
                <td className="py-2 font-medium text-slate-900">{r.name}</td>
                <td className="py-2 text-slate-700">{r.memberCount}</td>
                <td className="py-2 text-right">
                  <Link to={openUrl(r.id)} className={buttonClass("ghost")}>
                    View members<span className="sr-only"> of {r.name}</span>
                  </Link>
                </td>
              </tr>
            ))}
        </Table>
      )}
      {open ? <Detail open={open} actionData={actionData?.relationshipId === open.id ? actionData : undefined} /> : null}
    </div>
  );
}

function CreateForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<z.input<typeof CreateRelationshipSchema>>({
    id: "create-relationship",
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateRelationshipSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <FieldRow errors={[{ id: fields.name.errorId, errors: fields.name.errors }]}>
        <div>
          <label htmlFor={fields.name.id} className="block text-sm font-medium text-slate-900">
            New relationship name <span aria-hidden="true">*</span>
          </label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            className="mt-1 block w-72 rounded-md border border-slate-300 px-3 py-2 text-sm"
            aria-describedby={fields.name.errors ? fields.name.errorId : undefined}
          />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Create relationship
        </button>
      </FieldRow>
    </Form>
  );
}

function Detail({ open, actionData }: { open: NonNullable<Loaded["open"]>; actionData?: ActionData }) {
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const uploaded = actionData && "uploaded" in actionData ? actionData.uploaded : undefined;
  const [renameForm, renameFields] = useForm<z.input<typeof RenameRelationshipSchema>>({
    id: `rename-${open.id}`,
    lastResult: actionData?.intent === "rename" ? result : undefined,
    defaultValue: { name: open.name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameRelationshipSchema }),
  });
  const [uploadForm, uploadFields] = useForm<{ file: File }>({
    id: `upload-${open.id}`,
    lastResult: actionData?.intent === "upload" ? result : undefined,
  });
  const { members } = open;
  return (
    <section aria-labelledby="detail-title" className="mt-8 rounded-lg border border-slate-200 bg-white p-6" data-testid="relationship-detail">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h2 id="detail-title" className="text-lg font-semibold text-slate-900">{open.name}</h2>
        <div className="flex gap-2">
          <a href={`${BASE}/${encodeURIComponent(open.id)}/report`} className={buttonClass("secondary")} download>
            Download report
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="relationshipId" value={open.id} />
            <button type="submit" className={buttonClass("danger")}>Remove relationship</button>
          </Form>
        </div>
      </div>

      <Form method="post" action={openUrl(open.id)} {...getFormProps(renameForm)} className="mt-4">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="relationshipId" value={open.id} />
        <FieldRow errors={[{ id: renameFields.name.errorId, errors: renameFields.name.errors }]}>
          <div>
            <label htmlFor={renameFields.name.id} className="block text-sm font-medium text-slate-900">
              Name <span aria-hidden="true">*</span>
            </label>
            <input {...getInputProps(renameFields.name, { type: "text" })} className="mt-1 block w-72 rounded-md border border-slate-300 px-3 py-2 text-sm" />
          </div>
          <button type="submit" className={buttonClass("secondary")}>Rename</button>
        </FieldRow>
      </Form>

      <h3 className="mt-6 text-base font-semibold text-slate-900">Members ({members.total})</h3>
      {members.rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No one is attached yet.</p>
      ) : (
        <Table
          className="mt-2 w-full text-left text-sm"
          data-testid="members"
          header="rule"
          columnClassName="py-2"
          actions
          columns={["Name", "E-mail", "Origin"]}
        >
            {members.rows.map((m) => (
              <tr key={m.userId} className="border-b border-slate-100" data-member-id={m.userId}>
                <td className="py-2">{m.name}</td>
                <td className="py-2">{m.email}</td>
                <td className="py-2">{m.origin === "upload" ? "Upload" : "Manual"}</td>
                <td className="py-2 text-right">
                  <Form method="post">
                    <input type="hidden" name="intent" value="detach" />
                    <input type="hidden" name="relationshipId" value={open.id} />
                    <input type="hidden" name="userId" value={m.userId} />
                    <button type="submit" className={buttonClass("ghost")}>Detach<span className="sr-only"> {m.name}</span></button>
                  </Form>
                </td>
              </tr>
            ))}
        </Table>
      )}
      {members.pages > 1 ? (
        <nav aria-label="Members pages" className="mt-3 flex items-center gap-3 text-sm">
          {members.page > 1 ? <Link to={openUrl(open.id, `&page=${members.page - 1}`)}>Previous</Link> : null}
          <span>Page {members.page} of {members.pages}</span>
          {members.page < members.pages ? <Link to={openUrl(open.id, `&page=${members.page + 1}`)}>Next</Link> : null}
        </nav>
      ) : null}

      <h3 className="mt-6 text-base font-semibold text-slate-900">Attach people</h3>
      <Form method="get" className="mt-2 flex items-end gap-3" role="search">
        <input type="hidden" name="open" value={open.id} />
        <label className="text-sm font-medium text-slate-900">
          Search people
          <input type="search" name="q" defaultValue={open.q} className="mt-1 block w-72 rounded-md border border-slate-300 px-3 py-2 text-sm" />
        </label>
        <button type="submit" className={buttonClass("secondary")}>Search</button>
      </Form>
      {open.q ? (
        open.candidates.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No matching people.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" data-testid="candidates">
            {open.candidates.map((c) => (
              <li key={c.id} className="flex items-center justify-between py-2 text-sm" data-candidate-id={c.id}>
                <span>{c.name} <span className="text-slate-500">{c.email}</span></span>
                <Form method="post">
                  <input type="hidden" name="intent" value="attach" />
                  <input type="hidden" name="relationshipId" value={open.id} />
                  <input type="hidden" name="userId" value={c.id} />
                  <button type="submit" className={buttonClass("secondary")}>Attach<span className="sr-only"> {c.name}</span></button>
                </Form>
              </li>
            ))}
          </ul>
        )
      ) : null}

      <h3 className="mt-6 text-base font-semibold text-slate-900">Upload attachments</h3>
      <p className="mt-1 text-sm text-slate-600">
        A .csv, .xlsx or .xls file with an “email” column. <a href="/samples/relationship-members.csv" className="text-indigo-700 underline" download>Sample file</a>
      </p>
      <Form method="post" action={openUrl(open.id)} encType="multipart/form-data" {...getFormProps(uploadForm)} className="mt-2">
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="relationshipId" value={open.id} />
        <FieldRow errors={[{ id: uploadFields.file.errorId, errors: uploadFields.file.errors }]}>
          <div>
            <label htmlFor={uploadFields.file.id} className="block text-sm font-medium text-slate-900">File <span aria-hidden="true">*</span></label>
            <input id={uploadFields.file.id} name={uploadFields.file.name} type="file" accept=".csv,.xlsx,.xls" className="mt-1 block text-sm" aria-invalid={uploadFields.file.errors ? true : undefined} aria-describedby={uploadFields.file.errors ? uploadFields.file.errorId : undefined} />
          </div>
          <button type="submit" className={buttonClass("primary")}>Upload</button>
        </FieldRow>
      </Form>
      {uploaded ? (
        <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm" role="status" data-testid="upload-result">
          <p className="font-semibold">{uploaded.accepted} people attached; {uploaded.rejected.length} rows rejected.</p>
          <Table className="mt-2 w-full text-left" data-testid="rejected-rows" caption="Rejected rows" columns={["Row", "Value", "Reason"]}>
              {uploaded.rejected.slice(0, 500).map((r) => (
                <tr key={r.row} data-row={r.row}><td>{r.row}</td><td>{r.value}</td><td>{r.reason}</td></tr>
              ))}
          </Table>
          {uploaded.rejected.length > 500 ? <p className="mt-2">and {uploaded.rejected.length - 500} more.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
