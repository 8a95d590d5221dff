import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { peopleSearchUrl } from "~/modules/people/search";
import { Button } from "~/ui/button";
import { FieldError, INPUT_CLASS } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import { PeoplePicker, type PickerPerson } from "~/ui/people-picker";
import { useHydrated } from "~/ui/use-hydrated";
import { campaignSchema } from "../campaign.schema";

/**
 * The objectives campaign form (001 §2, §4): title, start and end, audience (company or chosen
 * users), Notify Employees and Notify Managers, and the actions the campaign's state allows —
 * a new one: Create, Create and Launch; a draft: Update, Launch; a launched one: Update (its start
 * and audience are fixed). Every button is a real submit, so it works without JavaScript.
 */

const T = sharedCopy.objectiveCampaigns;

export interface CampaignFormView {
  id: string;
  state: "draft" | "launched";
  title: string;
  startDate: string;
  endDate: string;
  audienceType: "company" | "users";
  audienceUserIds: string[];
  notifyEmployees: boolean;
  notifyManagers: boolean;
}

export function CampaignFormPage({
  campaign,
  chosen,
  newId,
  requestId,
  lastResult,
  error,
  search,
}: {
  campaign: CampaignFormView | null;
  chosen: PickerPerson[];
  newId: string;
  requestId: string;
  lastResult?: SubmissionResult<string[]> | null;
  error?: string | null;
  search?: { query: string; matches: PickerPerson[]; chosen: PickerPerson[] } | null;
}) {
  const launched = campaign?.state === "launched";
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: `objectives-campaign-${campaign?.id ?? newId}`,
    lastResult: lastResult ?? undefined,
    defaultValue: campaign
      ? {
          title: campaign.title,
          startDate: campaign.startDate,
          endDate: campaign.endDate,
          audienceType: campaign.audienceType,
          notifyEmployees: campaign.notifyEmployees ? "on" : undefined,
          notifyManagers: campaign.notifyManagers ? "on" : undefined,
        }
      : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      // Revalidating as people type sends no button: the rules are the same for every action.
      if (!formData.has("intent")) formData.set("intent", campaign ? "update" : "create");
      return parseWithZod(formData, { schema: campaignSchema(Date.now(), launched) });
    },
  });
  const audience = String(fields.audienceType.value ?? campaign?.audienceType ?? "");
  const people = search?.chosen ?? chosen;
  const title = campaign ? (launched ? campaign.title : "Draft Campaign") : "New Campaign";
  const busy = navigation.state !== "idle";
  return (
    <>
      <PageHeader title={title} description={T.timesUtc} />
      <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <input type="hidden" name="requestId" value={requestId} />
        {campaign ? null : <input type="hidden" name="newId" value={newId} />}
        {form.errors?.length || error ? (
          <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {form.errors?.[0] ?? error}
          </p>
        ) : null}
        {launched ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{T.launchedLocked}</p> : null}
        <div>
          <label htmlFor={fields.title.id} className="block text-sm font-medium text-slate-900">
            {T.title} <span aria-hidden="true">*</span>
          </label>
          <input {...getInputProps(fields.title, { type: "text" })} className={INPUT_CLASS} />
          <FieldError id={fields.title.errorId} errors={fields.title.errors} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.startDate.id} className="block text-sm font-medium text-slate-900">
              {T.startDate}
            </label>
            <input {...getInputProps(fields.startDate, { type: "datetime-local" })} disabled={launched} className={INPUT_CLASS} />
            <FieldError id={fields.startDate.errorId} errors={fields.startDate.errors} />
          </div>
          <div>
            <label htmlFor={fields.endDate.id} className="block text-sm font-medium text-slate-900">
              {T.endDate}
            </label>
            <input {...getInputProps(fields.endDate, { type: "datetime-local" })} className={INPUT_CLASS} />
            <FieldError id={fields.endDate.errorId} errors={fields.endDate.errors} />
          </div>
        </div>
        <fieldset aria-describedby={fields.audienceType.errors ? fields.audienceType.errorId : undefined} disabled={launched}>
          <legend className="text-sm font-medium text-slate-900">{T.audience}</legend>
          <div className="mt-1 flex gap-6 text-sm text-slate-800">
            {(
              [
                ["company", T.audienceCompany],
                ["users", T.audienceUsers],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input {...getInputProps(fields.audienceType, { type: "radio", value })} />
                {label}
              </label>
            ))}
          </div>
          <FieldError id={fields.audienceType.errorId} errors={fields.audienceType.errors} />
        </fieldset>
        {/* Without JavaScript the picker is always offered (the radios cannot reveal it); with JavaScript once Users is chosen. */}
        <div hidden={hydrated && audience !== "users"} data-audience-users>
          {launched ? null : (
            <PeoplePicker
              label={T.users}
              name={fields.audienceUserIds.name}
              searchUrl={peopleSearchUrl("campaign-people")}
              chosen={people}
              multiple
              queryName="usersQuery"
              query={search?.query}
              matches={search?.matches ?? null}
            />
          )}
          <FieldError id={fields.audienceUserIds.errorId} errors={fields.audienceUserIds.errors} />
        </div>
        <fieldset aria-describedby={fields.notifyEmployees.errors ? fields.notifyEmployees.errorId : undefined}>
          <legend className="sr-only">Notifications</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input {...getInputProps(fields.notifyEmployees, { type: "checkbox" })} />
            {T.notifyEmployees}
          </label>
          <label className="mt-1 flex items-center gap-2 text-sm text-slate-800">
            <input {...getInputProps(fields.notifyManagers, { type: "checkbox" })} />
            {T.notifyManagers}
          </label>
          <FieldError id={fields.notifyEmployees.errorId} errors={fields.notifyEmployees.errors} />
        </fieldset>
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          {campaign ? (
            <>
              <Button type="submit" name="intent" value="update" variant="secondary" disabled={busy}>
                {T.update}
              </Button>
              {launched ? null : (
                <Button type="submit" name="intent" value="launch" disabled={busy}>
                  {T.launch}
                </Button>
              )}
            </>
          ) : (
            <>
              <Button type="submit" name="intent" value="create" variant="secondary" disabled={busy}>
                {T.create}
              </Button>
              <Button type="submit" name="intent" value="createAndLaunch" disabled={busy}>
                {T.createAndLaunch}
              </Button>
            </>
          )}
        </div>
      </Form>
    </>
  );
}
