import { copy } from "~/lib/copy";
import type { Platform } from "~/modules/blocks/convert";
import { ButtonLink } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";
import { TEMPLATE_TYPE_LABELS, TEMPLATE_TYPES } from "../loop-types";
import { LIBRARY_PATH, templateTypePath } from "../template.schema";

const CARD =
  "flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/** 002 §2.4 "Template types: feedback or one-on-one": the first step of a new feedback loop. */
export function TemplateTypesPage({ platform }: { platform: Platform }) {
  const words = copy(platform);
  return (
    <>
      <PageHeader
        title={words.templateTypesTitle}
        description={words.templateTypesDescription}
        actions={
          <ButtonLink variant="secondary" to={LIBRARY_PATH}>
            {words.backToLibrary}
          </ButtonLink>
        }
      />
      <ul className="grid gap-4 sm:grid-cols-2" aria-label={words.templateTypesTitle}>
        {TEMPLATE_TYPES.map((type) => (
          <li key={type}>
            <a href={templateTypePath(type)} className={CARD} data-template-type={type}>
              <span className="text-base font-semibold text-slate-900">{TEMPLATE_TYPE_LABELS[type]}</span>
              <span className="mt-1 text-sm text-slate-600">{words.templateTypeDescriptions[type]}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
