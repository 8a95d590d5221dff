import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { pageTitle } from "~/lib/copy";
import { MAX_UPLOAD_BYTES, fileTooLarge, readSpreadsheet } from "~/lib/spreadsheet.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import {
  AttachMemberSchema,
  CreateRelationshipSchema,
  DetachMemberSchema,
  NAME_TAKEN,
  RemoveRelationshipSchema,
  RenameRelationshipSchema,
  UploadMembersSchema,
} from "~/modules/org/relationships.schema";
import {
  attachFromRows,
  attachMember,
  createRelationship,
  detachMember,
  listMembers,
  listRelationships,
  removeRelationship,
  renameRelationship,
  requireRelationship,
  searchCandidates,
  type RejectedRow,
} from "~/modules/org/relationships.server";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { FieldRow } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";

const BASE = "/organization/settings/relationships";
const openUrl = (id: string, extra = "") => `${BASE}?open=${encodeURIComponent(id)}${extra}`;
/** A multipart upload may carry a little more than the file itself (boundaries, other fields). */
const MAX_BODY = MAX_UPLOAD_BYTES + 64 * 1024;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewRelationships");
  const url = new URL(request.url);
  const openId = url.searchParams.get("open");
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  const relationships = await listRelationships(context, viewer.company.id);
  let open = null;
  if (openId) {
    const relationship = await requireRelationship(context, viewer, openId);
    const [members, candidates] = await Promise.all([
      listMembers(context, viewer.company.id, relationship.id, page),
      searchCandidates(context, viewer.company.id, relationship.id, q),
    ]);
    open = { ...relationship, members, candidates, q };
  }
  return { relationships, open };
}

type ActionData =
  | { intent: string; relationshipId?: string; result: SubmissionResult<string[]> }
  | { intent: "upload"; relationshipId: string; uploaded: { accepted: number; rejected: RejectedRow[] } };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewRelationships");
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY) {
    const relationshipId = new URL(request.url).searchParams.get("open") ?? undefined;
    return data<ActionData>({ intent: "upload", relationshipId, result: { status: "error", error: { file: [fileTooLarge()] } } }, { status: 413 });
  }
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const fail = (relationshipId: string | undefined, result: SubmissionResult<string[]>) =>
    data<ActionData>({ intent, relationshipId, result }, { status: 400 });

  switch (intent) {
    case "create": {
      const submission = parseWithZod(formData, { schema: CreateRelationshipSchema });
      if (submission.status !== "success") return fail(undefined, submission.reply());
      const created = await createRelationship(context, viewer, submission.value.name);
      if (!created.ok) return fail(undefined, submission.reply({ fieldErrors: { name: [NAME_TAKEN] } }));
      return redirectWithToast(openUrl(created.id), { type: "success", message: "Relationship created" }, { request });
    }
    case "rename": {
      const submission = parseWithZod(formData, { schema: RenameRelationshipSchema });
      if (submission.status !== "success") return fail(String(formData.get("relationshipId") ?? ""), submission.reply());
      const { relationshipId, name } = submission.value;
      const renamed = await renameRelationship(context, viewer, relationshipId, name);
      if (!renamed.ok) return fail(relationshipId, submission.reply({ fieldErrors: { name: [NAME_TAKEN] } }));
      return redirectWithToast(openUrl(relationshipId), { type: "success", message: "Relationship renamed" }, { request });
    }
    case "remove": {
      const submission = parseWithZod(formData, { schema: RemoveRelationshipSchema });
      if (submission.status !== "success") return fail(undefined, submission.reply());
      await removeRelationship(context, viewer, submission.value.relationshipId);
      return redirectWithToast(BASE, { type: "success", message: "Relationship removed" }, { request });
    }
    case "attach": {
      const submission = parseWithZod(formData, { schema: AttachMemberSchema });
      if (submission.status !== "success") return fail(undefined, submission.reply());
      const { relationshipId, userId } = submission.value;
      const person = await attachMember(context, viewer, relationshipId, userId);
      return redirectWithToast(openUrl(relationshipId), { type: "success", message: `${person.name} attached` }, { request });
    }
    case "detach": {
      const submission = parseWithZod(formData, { schema: DetachMemberSchema });
      if (submission.status !== "success") return fail(undefined, submission.reply());
      const { relationshipId, userId } = submission.value;
      await detachMember(context, viewer, relationshipId, userId);
      return redirectWithToast(openUrl(relationshipId), { type: "success", message: "Person detached" }, { request });
    }
    case "upload": {
      const relationshipId = String(formData.get("relationshipId") ?? "");
      const submission = parseWithZod(formData, { schema: UploadMembersSchema });
      if (submission.status !== "success") {
        if (relationshipId) await requireRelationship(context, viewer, relationshipId);
        return fail(relationshipId, submission.reply());
      }
      await requireRelationship(context, viewer, submission.value.relationshipId);
      const read = await readSpreadsheet(submission.value.file);
      if (!read.ok) return fail(relationshipId, submission.reply({ fieldErrors: { file: [read.message] } }));
      const outcome = await attachFromRows(context, viewer, relationshipId, read.rows);
      if (!outcome.ok) return fail(relationshipId, submission.reply({ fieldErrors: { file: [outcome.message] } }));
      if (outcome.rejected.length === 0) {
        return redirectWithToast(openUrl(relationshipId), { type: "success", message: `${outcome.accepted} people attached` }, { request });
      }
      return data<ActionData>({ intent, relationshipId, uploaded: { accepted: outcome.accepted, rejected: outcome.rejected } });
    }
    default:
      return data({ intent, result: { status: "error", error: { "": ["Unknown action."] } } } as ActionData, { status: 400 });
  }
}

export const meta: MetaFunction = () => [{ title: pageTitle("Relationships") }];

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function RelationshipsPage() {
  const { relationships, open } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="mx-auto max-w-5xl p-6">
      <PageHeader title="Relationships" description="Custom relationships group people beside My Team." />
      <CreateForm lastResult={actionData?.intent === "create" && "result" in actionData ? actionData.result : undefined} />
      {relationships.length === 0 ? (
        <EmptyState title="No relationships yet." />
      ) : (
        <table className="mt-6 w-full text-left text-sm" data-testid="relationships">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2">Name</th>
              <th scope="col" className="py-2">Members</th>
              <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
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
        <table className="mt-2 w-full text-left text-sm" data-testid="members">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2">Name</th>
              <th scope="col" className="py-2">E-mail</th>
              <th scope="col" className="py-2">Origin</th>
              <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
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
          <table className="mt-2 w-full text-left" data-testid="rejected-rows">
            <caption className="sr-only">Rejected rows</caption>
            <thead><tr><th scope="col">Row</th><th scope="col">Value</th><th scope="col">Reason</th></tr></thead>
            <tbody>
              {uploaded.rejected.slice(0, 500).map((r) => (
                <tr key={r.row} data-row={r.row}><td>{r.row}</td><td>{r.value}</td><td>{r.reason}</td></tr>
              ))}
            </tbody>
          </table>
          {uploaded.rejected.length > 500 ? <p className="mt-2">and {uploaded.rejected.length - 500} more.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
