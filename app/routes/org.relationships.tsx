import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/copy";
import { MAX_UPLOAD_BYTES, fileTooLarge, readSpreadsheet } from "~/lib/spreadsheet.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { RelationshipsPage } from "~/modules/org/components/relationships-page";
import { BASE, openUrl, type ActionData } from "~/modules/org/relationships-page";
import { NAME_TAKEN, RELATIONSHIP_INTENTS, RelationshipActionSchema } from "~/modules/org/relationships.schema";
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
} from "~/modules/org/relationships.server";

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

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewRelationships");
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY) {
    const relationshipId = new URL(request.url).searchParams.get("open") ?? undefined;
    return data<ActionData>({ intent: "upload", relationshipId, result: { status: "error", error: { file: [fileTooLarge()] } } }, { status: 413 });
  }
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RelationshipActionSchema });
  if (submission.status !== "success") {
    // The refused form is shown again: which one it was (its intent) and, for a relationship's own forms, whose.
    const sent = submission.payload as { intent?: unknown; relationshipId?: unknown };
    const intent = RELATIONSHIP_INTENTS.find((known) => known === sent.intent);
    if (!intent) {
      return data({ intent: String(sent.intent ?? ""), result: { status: "error", error: { "": ["Unknown action."] } } } as ActionData, { status: 400 });
    }
    const relationshipId = typeof sent.relationshipId === "string" ? sent.relationshipId : "";
    if (intent === "upload" && relationshipId) await requireRelationship(context, viewer, relationshipId);
    const shownFor = intent === "rename" || intent === "upload" ? relationshipId : undefined;
    return data<ActionData>({ intent, relationshipId: shownFor, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const intent = value.intent;
  const fail = (relationshipId: string | undefined, result: ReturnType<typeof submission.reply>) =>
    data<ActionData>({ intent, relationshipId, result }, { status: 400 });

  switch (value.intent) {
    case "create": {
      const created = await createRelationship(context, viewer, value.name);
      if (!created.ok) return fail(undefined, submission.reply({ fieldErrors: { name: [NAME_TAKEN] } }));
      return redirectWithToast(openUrl(created.id), { type: "success", message: "Relationship created" }, { request });
    }
    case "rename": {
      const { relationshipId, name } = value;
      const renamed = await renameRelationship(context, viewer, relationshipId, name);
      if (!renamed.ok) return fail(relationshipId, submission.reply({ fieldErrors: { name: [NAME_TAKEN] } }));
      return redirectWithToast(openUrl(relationshipId), { type: "success", message: "Relationship renamed" }, { request });
    }
    case "remove": {
      await removeRelationship(context, viewer, value.relationshipId);
      return redirectWithToast(BASE, { type: "success", message: "Relationship removed" }, { request });
    }
    case "attach": {
      const { relationshipId, userId } = value;
      const person = await attachMember(context, viewer, relationshipId, userId);
      return redirectWithToast(openUrl(relationshipId), { type: "success", message: `${person.name} attached` }, { request });
    }
    case "detach": {
      const { relationshipId, userId } = value;
      await detachMember(context, viewer, relationshipId, userId);
      return redirectWithToast(openUrl(relationshipId), { type: "success", message: "Person detached" }, { request });
    }
    case "upload": {
      const { relationshipId } = value;
      await requireRelationship(context, viewer, relationshipId);
      const read = await readSpreadsheet(value.file);
      if (!read.ok) return fail(relationshipId, submission.reply({ fieldErrors: { file: [read.message] } }));
      const outcome = await attachFromRows(context, viewer, relationshipId, read.rows);
      if (!outcome.ok) return fail(relationshipId, submission.reply({ fieldErrors: { file: [outcome.message] } }));
      if (outcome.rejected.length === 0) {
        return redirectWithToast(openUrl(relationshipId), { type: "success", message: `${outcome.accepted} people attached` }, { request });
      }
      return data<ActionData>({ intent: value.intent, relationshipId, uploaded: { accepted: outcome.accepted, rejected: outcome.rejected } });
    }
  }
}

export const meta: MetaFunction = () => [{ title: pageTitle("Relationships") }];

export default function RelationshipsRoute() {
  const { relationships, open } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return <RelationshipsPage relationships={relationships} open={open} actionData={actionData} />;
}
