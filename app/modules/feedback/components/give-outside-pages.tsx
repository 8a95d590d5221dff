import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ANSWER_INPUT } from "~/modules/blocks/components/looks";
import { Button, buttonClass } from "~/ui/button";
import { FieldError } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import type { PickerPerson } from "~/ui/people-picker";
import { GIVE_MESSAGES, type TagCatalogue } from "../give";
import { PraiseSchema, REQUEST_MESSAGE_MAX, RequestFeedbackSchema } from "../give.schema";
import type { FeedbackFormat } from "../loop-types";
import { GiveConfirmation, GiveFeedbackForm, type GiveActionData } from "./give-form";
import { TagFields, type Posted } from "./give-fields";
import { ChosenColleague, ColleagueStep, FormatTabs } from "./give-parts";

export interface ColleagueData {
  chosen: PickerPerson | null;
  invalid: boolean;
  q: string;
  matches: PickerPerson[] | null;
}

const withParams = (path: string, params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  return search ? `${path}?${search}` : path;
};

// ---------------------------------------------------------------------------------------------
// /feedback/give: feedback to any active colleague.
// ---------------------------------------------------------------------------------------------

export interface GiveDirectData extends ColleagueData {
  format: FeedbackFormat;
  catalogue: TagCatalogue[];
  requestId: string;
  sent: boolean;
}

export function GiveDirectPage() {
  const data = useLoaderData<GiveDirectData>();
  const actionData = useActionData<GiveActionData>();
  const { chosen, format } = data;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader title="Give Feedback" description="Give feedback to any colleague." />
      {data.sent ? (
        <GiveConfirmation title={GIVE_MESSAGES.sent} />
      ) : !chosen ? (
        <ColleagueStep label="Colleague" action="/feedback/give" hidden={{ format }} chosen={null} q={data.q} matches={data.matches} invalid={data.invalid} />
      ) : (
        <>
          <ChosenColleague label="Feedback for" name={chosen.name} changeTo={withParams("/feedback/give", { format })} />
          <FormatTabs current={format} hrefOf={(f) => withParams("/feedback/give", { to: chosen.id, format: f })} />
          <GiveFeedbackForm
            key={format}
            id={`give-direct-${format}`}
            shape={{ format: "choose", blocks: [] }}
            format={format}
            catalogue={data.catalogue}
            showTags
            requestId={data.requestId}
            actionData={actionData}
            hidden={{ format, receiverId: chosen.id }}
          />
        </>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// /feedback/request: ask a colleague for feedback about yourself.
// ---------------------------------------------------------------------------------------------

export interface RequestPageData extends ColleagueData {
  requestId: string;
  sent: boolean;
}

export interface RequestActionData {
  result?: SubmissionResult<string[]>;
}

export function RequestFeedbackPage() {
  const data = useLoaderData<RequestPageData>();
  const actionData = useActionData<RequestActionData>();
  return (
    <ColleagueFormPage
      data={data}
      result={actionData?.result}
      schema={RequestFeedbackSchema}
      page={{ id: "request-feedback", path: "/feedback/request", title: "Request Feedback", description: "Ask a colleague for feedback about yourself." }}
      sentTitle={GIVE_MESSAGES.requestSent}
      chosenLabel="Ask"
      intent="request"
      personField="recipientId"
      submit="Request Feedback"
    >
      {(fields) => (
        <div>
          <label htmlFor={fields.message.id} className="block text-sm font-medium text-slate-900">
            Message <span className="ml-1 text-xs font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={4}
            maxLength={REQUEST_MESSAGE_MAX}
            placeholder="What would you like feedback on?"
            className={`mt-1 ${ANSWER_INPUT}`}
          />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </div>
      )}
    </ColleagueFormPage>
  );
}

// ---------------------------------------------------------------------------------------------
// /feedback/requests/:feedbackRequestId: answer a request, or decline it.
// ---------------------------------------------------------------------------------------------

export interface AnswerRequestData {
  request: { id: string; requesterName: string; message: string; state: "open" | "given" | "declined"; date: string };
  format: FeedbackFormat;
  catalogue: TagCatalogue[];
  requestId: string;
}

export function AnswerRequestPage() {
  const data = useLoaderData<AnswerRequestData>();
  const actionData = useActionData<GiveActionData>();
  const { request, format } = data;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader title={`Give Feedback to ${request.requesterName}`} description={`Requested ${request.date}`} />
      {request.message ? (
        <blockquote className="rounded-md border-l-4 border-indigo-300 bg-indigo-50 px-4 py-3 text-sm text-indigo-950">“{request.message}”</blockquote>
      ) : null}
      {request.state === "given" ? (
        <GiveConfirmation title={GIVE_MESSAGES.sent} text={GIVE_MESSAGES.requestAnswered} />
      ) : request.state === "declined" ? (
        <GiveConfirmation title={GIVE_MESSAGES.requestDeclined} />
      ) : (
        <>
          <FormatTabs current={format} hrefOf={(f) => withParams(`/feedback/requests/${request.id}`, { format: f })} />
          <GiveFeedbackForm
            key={format}
            id={`answer-request-${format}`}
            shape={{ format: "choose", blocks: [] }}
            format={format}
            catalogue={data.catalogue}
            showTags
            requestId={data.requestId}
            actionData={actionData}
            hidden={{ format }}
          />
          <Form method="post" className="flex justify-end">
            <input type="hidden" name="intent" value="decline" />
            <Button type="submit" variant="secondary">
              Decline request
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// /feedback/praise: public praise to a colleague.
// ---------------------------------------------------------------------------------------------

export interface PraisePageData extends ColleagueData {
  catalogue: TagCatalogue[];
  requestId: string;
  sent: boolean;
}

export interface PraiseActionData {
  result?: SubmissionResult<string[]>;
  values?: Posted;
}

export function PraisePage() {
  const data = useLoaderData<PraisePageData>();
  const actionData = useActionData<PraiseActionData>();
  return (
    <ColleagueFormPage
      data={data}
      result={actionData?.result}
      schema={PraiseSchema}
      page={{ id: "praise", path: "/feedback/praise", title: "Praise", description: "Praise a colleague: everyone in the company can see it." }}
      sentTitle={GIVE_MESSAGES.praiseSent}
      chosenLabel="Praise"
      intent="praise"
      personField="receiverId"
      submit="Share Praise"
    >
      {(fields) => (
        <>
          <div>
            <label htmlFor={fields.feedbackText.id} className="block text-sm font-medium text-slate-900">
              Praise
            </label>
            <textarea {...getTextareaProps(fields.feedbackText)} rows={5} className={`mt-1 ${ANSWER_INPUT}`} />
            <FieldError id={fields.feedbackText.errorId} errors={fields.feedbackText.errors} field="feedbackText" />
          </div>
          <TagFields catalogue={data.catalogue} values={actionData?.values ?? {}} />
        </>
      )}
    </ColleagueFormPage>
  );
}

// ---------------------------------------------------------------------------------------------
// The shape Request Feedback and Praise share: choose a colleague, then one form about them.
// ---------------------------------------------------------------------------------------------

/** Conform's own bound for the shape of a form. */
type Shape = Record<string, any>;
type Fields<T extends Shape> = ReturnType<typeof useForm<T, T>>[1];

function ColleagueFormPage<T extends Shape>({
  data,
  result,
  schema,
  page,
  sentTitle,
  chosenLabel,
  intent,
  personField,
  submit,
  children,
}: {
  data: ColleagueData & { requestId: string; sent: boolean };
  result: SubmissionResult<string[]> | undefined;
  schema: z.ZodType<T, T>;
  page: { id: string; path: string; title: string; description: string };
  sentTitle: string;
  chosenLabel: string;
  intent: string;
  personField: "recipientId" | "receiverId";
  submit: string;
  children: (fields: Fields<T>) => React.ReactNode;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<T, T>({
    id: page.id,
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const { chosen } = data;
  const personErrors = fields[personField];
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader title={page.title} description={page.description} />
      {data.sent ? (
        <GiveConfirmation title={sentTitle} />
      ) : !chosen ? (
        <ColleagueStep label="Colleague" action={page.path} chosen={null} q={data.q} matches={data.matches} invalid={data.invalid} />
      ) : (
        <>
          <ChosenColleague label={chosenLabel} name={chosen.name} changeTo={page.path} />
          <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name={personField} value={chosen.id} />
            <input type="hidden" name="requestId" value={data.requestId} />
            <FieldError id={personErrors.errorId} errors={personErrors.errors} />
            {children(fields)}
            <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
              <Link to="/feedback" className={buttonClass("secondary")}>
                Cancel
              </Link>
              <Button type="submit" disabled={navigation.state === "submitting"}>
                {submit}
              </Button>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
