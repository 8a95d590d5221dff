import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { PREDEFINED_TEMPLATES } from "~/modules/reviews/predefined-templates";
import { BLOCK_TYPE_TITLES, isQuestionType } from "~/modules/reviews/questionnaire-blocks";
import { GALLERY_PATH, QUESTIONNAIRES_PATH } from "~/modules/reviews/questionnaire.schema";
import { PageHeader } from "~/ui/page-header";

/** The templates gallery (000 §2): build from scratch, or start from a predefined template. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "ViewReviewBuilder");
  return data({
    templates: PREDEFINED_TEMPLATES.map((t) => ({
      id: t.id,
      title: t.title,
      description: t.description,
      questions: t.blocks.filter((b) => isQuestionType(b.type)).length,
      kinds: [...new Set(t.blocks.filter((b) => isQuestionType(b.type)).map((b) => BLOCK_TYPE_TITLES[b.type]))],
    })),
  });
}

export const meta = pageMeta;

const CARD =
  "flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export default function TemplatesGallery() {
  const { templates } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Add New Questionnaire"
        description="Start from a blank questionnaire or from one of our templates; you can change everything before saving."
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
        <li>
          <Link
            to={`${QUESTIONNAIRES_PATH}/new`}
            className={`${CARD} items-center justify-center border-dashed text-center`}
            data-template="scratch"
          >
            <span
              aria-hidden="true"
              className="mb-3 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-2xl text-indigo-600"
            >
              +
            </span>
            <span className="text-base font-semibold text-slate-900">Build from scratch</span>
            <span className="mt-1 text-sm text-slate-600">A blank questionnaire: add titles and questions of any type.</span>
          </Link>
        </li>
        {templates.map((t) => (
          <li key={t.id}>
            <Link to={`${GALLERY_PATH}/${encodeURIComponent(t.id)}`} className={CARD} data-template={t.id}>
              <span className="text-base font-semibold text-slate-900">{t.title}</span>
              <span className="mt-1 flex-1 text-sm text-slate-600">{t.description}</span>
              <span className="mt-3 text-xs font-medium text-slate-500">
                {t.questions} questions · {t.kinds.join(", ")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
