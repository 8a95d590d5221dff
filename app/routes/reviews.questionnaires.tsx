import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import {
  QUESTIONNAIRE_SORTS,
  QUESTIONNAIRES_PATH,
  QuestionnaireLibraryActionSchema,
  type QuestionnaireSort,
} from "~/modules/reviews/questionnaire.schema";
import {
  deleteQuestionnaire,
  duplicateQuestionnaire,
  listQuestionnaires,
  questionnaireUsage,
} from "~/modules/reviews/questionnaires.server";
import { ButtonLink } from "~/ui/button";
import { useClientNavigation } from "~/ui/client-navigation";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DeleteCheckPanel, DuplicateDeleteActions, LinkCell, LinkRow } from "~/ui/row-actions";
import { SortHeader } from "~/ui/sort-header";
import { DataTable, DayCell } from "~/ui/table";

/** 000 §2 empty state, quoted exactly. */
const EMPTY = "No review questionnaires found. Click Add New to create one!";
const notFound = () => new Response("Not Found", { status: 404 });

function parseSort(url: URL): { sort: QuestionnaireSort; dir: "asc" | "desc" } {
  const sort = url.searchParams.get("sort");
  const dir = url.searchParams.get("dir");
  return {
    sort: (QUESTIONNAIRE_SORTS as readonly string[]).includes(sort ?? "") ? (sort as QuestionnaireSort) : "createdAt",
    dir: dir === "asc" || dir === "desc" ? dir : sort === "title" ? "asc" : "desc",
  };
}

/** The questionnaire library (000 §2): Name and Created At, sortable; duplicate; delete in two steps. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewBuilder");
  const query = parseSort(new URL(request.url));
  const rows = await listQuestionnaires(context.db, viewer.company.id, query.sort, query.dir);
  return data({ query, questionnaires: rows.map((r) => ({ id: r.id, title: r.title, createdAt: r.createdAt.getTime() })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewBuilder");
  const submission = parseWithZod(await request.formData(), { schema: QuestionnaireLibraryActionSchema });
  if (submission.status !== "success") return data({ check: null }, { status: 400 });
  const actor = { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId };
  const value = submission.value;
  const back = new URL(request.url).search;
  if (value.intent === "duplicate") {
    const copy = await duplicateQuestionnaire(context.db, actor, value.id);
    if (!copy) throw notFound();
    return redirectWithToast(
      `${QUESTIONNAIRES_PATH}${back}`,
      { type: "success", message: "Questionnaire duplicated successfully" },
      { request }
    );
  }
  if (value.initialCheck === "true") {
    const usage = await questionnaireUsage(context.db, viewer.company.id, value.id);
    if (!usage) throw notFound();
    return data({ check: { id: value.id, ...usage } });
  }
  if (!(await deleteQuestionnaire(context.db, actor, value.id))) throw notFound();
  return redirectWithToast(
    `${QUESTIONNAIRES_PATH}${back}`,
    { type: "success", message: "Questionnaire deleted successfully" },
    { request }
  );
}

export const meta = pageMeta;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function sortProps(query: LoaderData["query"], sortKey: QuestionnaireSort) {
  const active = query.sort === sortKey;
  return { active, dir: query.dir, href: `?sort=${sortKey}&dir=${active && query.dir === "asc" ? "desc" : "asc"}` };
}
type Check = { id: string; title: string; templateInUse: boolean; draftReviews: Array<{ id: string; title: string }> };

export default function QuestionnaireLibrary() {
  const loaderData = useLoaderData<typeof loader>();
  const check = (useActionData<typeof action>() as { check: Check | null } | undefined)?.check ?? null;
  const clientNavigation = useClientNavigation();
  return (
    <>
      <PageHeader
        title="Review Questionnaires"
        actions={<ButtonLink to={`${QUESTIONNAIRES_PATH}/add-new-questionnaire`}>Add New</ButtonLink>}
      />
      {check ? <DeleteConfirmation check={check} /> : null}
      {loaderData.questionnaires.length === 0 ? (
        <EmptyState icon="reviews" title={EMPTY} />
      ) : (
        <DataTable
          label="Review questionnaires"
          columns={[
            <SortHeader key="title" label="Name" {...sortProps(loaderData.query, "title")} />,
            <SortHeader key="createdAt" label="Created At" {...sortProps(loaderData.query, "createdAt")} />,
          ]}
          actions
          {...clientNavigation}
        >
          {loaderData.questionnaires.map((q) => {
            const href = `${QUESTIONNAIRES_PATH}/${encodeURIComponent(q.id)}`;
            return (
              // Row click opens the questionnaire (000 §2); the name is the real link for keyboards and no-JS.
              <LinkRow key={q.id} href={href} data-questionnaire-id={q.id}>
                <LinkCell href={href}>{q.title}</LinkCell>
                <DayCell ms={q.createdAt} />
                <td className="px-3 py-2">
                  <DuplicateDeleteActions id={q.id} title={q.title} />
                </td>
              </LinkRow>
            );
          })}
        </DataTable>
      )}
    </>
  );
}

/** The delete's second step: a confirmation that warns when draft reviews use the questionnaire. */
function DeleteConfirmation({ check }: { check: Check }) {
  return (
    <DeleteCheckPanel check={check} cancelTo={QUESTIONNAIRES_PATH}>
      {check.templateInUse ? (
        <>
          <p>
            This questionnaire is used in a draft review. Deleting it removes it from these drafts; they will need another questionnaire
            before launch:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {check.draftReviews.map((r) => (
              <li key={r.id}>{r.title}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>This cannot be undone.</p>
      )}
    </DeleteCheckPanel>
  );
}
