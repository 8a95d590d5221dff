import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { oneOnOnesCopy as t } from "~/lib/copy";
import { ChoiceOptionsControl, ChoiceQuestion } from "~/modules/blocks/components/choice-question";
import { HeadingBlock } from "~/modules/blocks/components/heading-block";
import { fieldIds, type Errors } from "~/modules/blocks/components/looks";
import { TextQuestion } from "~/modules/blocks/components/text-question";
import { Button } from "~/ui/button";
import type { SideView } from "../detail.server";
import { prepSchema } from "../one-on-ones.schema";
import { answerText, isHeading, prepFieldName, prepQuestions, type PrepBlock } from "../prep-blocks";

/**
 * The prep survey (001 §2, §4, §6): one column per side. The viewer's own unsubmitted side is a
 * form checked on change and blur with the same schema the action uses; a submitted side shows
 * its answers to whoever may read them; anything else says 'pending'.
 */
export function PrepSurvey({
  blocks,
  sides,
  requestId,
  lastResult,
  refusal,
}: {
  blocks: PrepBlock[];
  sides: SideView[];
  requestId: string;
  lastResult?: SubmissionResult<string[]>;
  refusal?: string;
}) {
  const sideLabel = (s: SideView) => (s.role === "reviewer" ? t.reviewerSide : t.revieweeSide);
  return (
    <section aria-labelledby="prep-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-card="prep">
      <h2 id="prep-title" className="text-base font-semibold text-slate-900">
        {t.prepTitle}
      </h2>
      {prepQuestions(blocks).length === 0 ? <p className="mt-3 text-sm text-slate-600">{t.noPrepQuestions}</p> : null}
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {sides.map((side) => (
          <div key={side.role} className="min-w-0 space-y-4" data-side={side.role}>
            <h3 className="text-sm font-semibold text-slate-700">{side.mine ? t.yourSide(sideLabel(side), side.name) : t.side(sideLabel(side), side.name)}</h3>
            {side.writable ? (
              <PrepForm blocks={blocks} requestId={requestId} lastResult={lastResult} refusal={refusal} />
            ) : side.answers ? (
              <Answers blocks={blocks} answers={side.answers} />
            ) : (
              <p className="text-sm italic text-slate-500" data-pending>
                {t.pending}
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

function Answers({ blocks, answers }: { blocks: PrepBlock[]; answers: Record<string, { value: unknown }> }) {
  return (
    <dl className="space-y-3" data-answers>
      {blocks.map((b) =>
        isHeading(b) ? (
          <HeadingBlock key={b.id} type={b.type} text={b.titleValue.text} />
        ) : (
          <div key={b.id}>
            <dt className="text-sm font-medium text-slate-900">{b.type === "choice" ? b.label : b.textValue.label}</dt>
            <dd className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{answerText(b, answers[b.id]) || <span className="italic text-slate-500">{t.noAnswer}</span>}</dd>
          </div>
        )
      )}
    </dl>
  );
}

function PrepForm({ blocks, requestId, lastResult, refusal }: { blocks: PrepBlock[]; requestId: string; lastResult?: SubmissionResult<string[]>; refusal?: string }) {
  const navigation = useNavigation();
  const [form] = useForm({
    id: "prep-survey",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: prepSchema(blocks) }),
  });
  const errors = Object.fromEntries(Object.entries(form.allErrors).filter(([, e]) => e?.length)) as Errors;
  const posted = (lastResult?.initialValue ?? {}) as { a?: Record<string, { value?: string | string[] }> };
  const ids = fieldIds("prep");
  let number = 0;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5" data-prep-form>
      <input type="hidden" name="intent" value="prep" />
      <input type="hidden" name="requestId" value={requestId} />
      {refusal || Object.keys(errors).length ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal ?? t.checkForm}
        </p>
      ) : null}
      {blocks.map((b) => {
        if (isHeading(b)) return <HeadingBlock key={b.id} type={b.type} text={b.titleValue.text} />;
        number += 1;
        const name = prepFieldName(b.id);
        const raw = posted.a?.[b.id]?.value;
        const values = Array.isArray(raw) ? raw : raw ? [raw] : [];
        if (b.type === "choice") {
          const options = b.choices.map((c) => ({ value: String(c.value), text: c.text, checked: values.includes(String(c.value)) }));
          return (
            <div key={b.id} data-question={b.id}>
              <ChoiceQuestion
                number={number}
                label={b.label || "Untitled question"}
                control={<ChoiceOptionsControl field={{ name, ids, errors }} options={options} dropdown={b.dropdown} label={b.label} />}
              />
            </div>
          );
        }
        return (
          <div key={b.id} data-question={b.id}>
            <TextQuestion block={b.textValue} look="survey" multiline={b.type === "long-text"} answer={{ name, ids, value: values[0] ?? "", errors }} />
          </div>
        );
      })}
      <div className="flex justify-end">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t.submitPrep}
        </Button>
      </div>
    </Form>
  );
}
