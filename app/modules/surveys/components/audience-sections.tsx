import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { copy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/form-fields";
import { useHydrated } from "~/ui/use-hydrated";
import { RESULT_VISIBILITY } from "../survey-machine";
import {
  AnonymityFormSchema,
  AudienceFormSchema,
  ClearFormSchema,
  InspectorsFormSchema,
  VisibilityFormSchema,
  input,
  panel,
  type Section,
} from "./audience-fields";
import { controlProps, Field } from "./labelled-field";

/** The four sections of the audience step (001 §2), each its own form saved on its own. */

interface Person {
  id: string;
  name: string;
  email: string;
}

export interface AudiencePage {
  id: string;
  version: number;
  title: string;
  platform: "slack" | "msteams";
  /** The survey's workspace (Slack-type) or group (Teams-type). */
  scopeName: string | null;
  /** Teams-type: the channel of the survey's group. */
  channelName: string | null;
  saved: {
    audienceType: string | null;
    audienceIds: string[];
    inspectorType: string | null;
    inspectorIds: string[];
    anonymous: boolean;
    minSubmissionCount: number;
    liveResults: boolean;
  };
  audienceCount: number;
  /** The company's anonymity floor: no anonymous result shows below it, whatever the minimum says. */
  anonymityFloor: number;
  channels: Array<{ id: string; name: string; isPrivate: boolean; members: number }>;
  groups: Array<{
    id: string;
    name: string;
    channelName: string | null;
    members: Array<{ id: string; name: string; isValid: boolean; reason: "not-in-channel" | "inactive" | null }>;
  }>;
  people: Person[];
  companyPeople: Person[];
}

export type SectionResult = { section: Section; result: SubmissionResult<string[]> } | undefined;

interface SectionProps {
  page: AudiencePage;
  last: SectionResult;
  onDirty: (section: Section, dirty: boolean) => void;
}

// Literal class names (Tailwind finds classes by reading the source): the radio-driven parts show by CSS, without JavaScript.
const GROUP_CLASS: Record<Section, string> = { audience: "group/audience", inspectors: "group/inspectors", anonymity: "", visibility: "" };

/** Clear sends no fields to check; Save checks the section's schema. */
function validateUnlessClear<S extends z.ZodType>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema: formData.get("intent") === "clear" ? (ClearFormSchema as unknown as S) : schema });
}

const lastOf = (last: SectionResult, section: Section) => (last?.section === section ? last.result : undefined);

/** The values a section shows: what was just sent (a refused submission without JavaScript), else what is saved. */
function sent(initial: unknown): Record<string, unknown> | null {
  return initial && typeof initial === "object" && Object.keys(initial).length > 0 ? (initial as Record<string, unknown>) : null;
}
const many = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === "string" ? [v] : []);

function SectionForm({
  id,
  section,
  title,
  description,
  form,
  onDirty,
  children,
  clear,
}: {
  id: string;
  section: Section;
  title: string;
  description: string;
  form: { id: string; onSubmit: (event: React.FormEvent<HTMLFormElement>) => void; errors?: string[] };
  onDirty: SectionProps["onDirty"];
  children: React.ReactNode;
  clear?: string;
}) {
  return (
    <section className={panel} aria-labelledby={`${id}-heading`}>
      <Form
        method="post"
        id={form.id}
        noValidate
        onSubmit={(event) => {
          form.onSubmit(event);
          if (!event.defaultPrevented) onDirty(section, false);
        }}
        onChange={() => onDirty(section, true)}
        className={GROUP_CLASS[section]}
      >
        <input type="hidden" name="section" value={section} />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
          <div className="flex gap-2">
            {clear ? (
              <Button type="submit" name="intent" value={`clear`} variant="secondary" formNoValidate>
                {clear}
              </Button>
            ) : null}
            <Button type="submit" name="intent" value="save">
              Save
            </Button>
          </div>
        </div>
        {form.errors?.length ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="mt-4 space-y-4">{children}</div>
      </Form>
    </section>
  );
}

/** A checkbox list of people, with a filter box once JavaScript runs. */
function PeoplePicker({
  name,
  people,
  selected,
  label,
  errorId,
  errors,
}: {
  name: string;
  people: Person[];
  selected: string[];
  label: string;
  errorId: string;
  errors?: string[];
}) {
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const chosen = new Set(selected);
  return (
    <fieldset aria-describedby={errors ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      {hydrated ? (
        <input
          type="search"
          aria-label={`Filter ${label.toLowerCase()}`}
          placeholder="Filter by name or e-mail"
          className={input}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          // The filter is not part of the form.
          form="__none__"
        />
      ) : null}
      <div className="mt-2 max-h-64 overflow-y-auto rounded-md border border-slate-200 p-2">
        {people.length === 0 ? <p className="text-sm text-slate-600">No people to choose from.</p> : null}
        {people.map((p) => (
          <label
            key={p.id}
            className="flex items-center gap-2 py-0.5 text-sm"
            hidden={q !== "" && !p.name.toLowerCase().includes(q) && !p.email.toLowerCase().includes(q)}
          >
            <input type="checkbox" name={name} value={p.id} defaultChecked={chosen.has(p.id)} />
            <span>{p.name}</span>
            <span className="text-slate-500">{p.email}</span>
          </label>
        ))}
      </div>
      <FieldError alert id={errorId} errors={errors} />
    </fieldset>
  );
}

export function AudienceSection({ page, last, onDirty }: SectionProps) {
  const words = copy(page.platform);
  const [form, fields] = useForm({
    id: `audience-${page.version}`,
    lastResult: lastOf(last, "audience"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateUnlessClear(formData, AudienceFormSchema),
  });
  const values = sent(form.initialValue);
  const type = values ? String(values.audienceType ?? "") : page.saved.audienceType ?? "";
  const selected = (kind: string) => (values ? many(values[kind]) : page.saved.audienceType === kind ? page.saved.audienceIds : []);
  const types =
    page.platform === "slack"
      ? [
          { value: "team", label: "Team", hint: "Everyone in the company" },
          { value: "workspace", label: words.workspace, hint: `Everyone in ${page.scopeName ?? `the ${words.workspace.toLowerCase()}`}` },
          { value: "channels", label: words.channels, hint: `Members of chosen channels of ${page.scopeName ?? "the workspace"}` },
          { value: "users", label: "Users", hint: "Chosen people" },
        ]
      : [
          { value: "users", label: "Users", hint: `Chosen people of ${page.scopeName ?? "the group"}` },
          { value: "groups", label: words.workspaces, hint: "Members of chosen groups" },
        ];
  const summary = page.saved.audienceType
    ? `Saved: ${types.find((t) => t.value === page.saved.audienceType)?.label ?? page.saved.audienceType} — ${page.audienceCount} ${
        page.audienceCount === 1 ? "person" : "people"
      } would receive the survey now.`
    : "No audience saved yet.";
  return (
    <SectionForm id="audience" section="audience" title="Audience" description={summary} form={form} onDirty={onDirty} clear="Clear">
      <fieldset aria-describedby={fields.audienceType.errors ? fields.audienceType.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Who receives the survey</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {types.map((t) => (
            <label key={t.value} className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm">
              <input type="radio" name={fields.audienceType.name} value={t.value} defaultChecked={type === t.value} className="mt-0.5" />
              <span>
                <span className="font-medium text-slate-900">{t.label}</span>
                <span className="block text-slate-600">{t.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError alert id={fields.audienceType.errorId} errors={fields.audienceType.errors} />
      </fieldset>
      {page.platform === "slack" ? (
        <>
          <div className="hidden group-has-[input[name=audienceType][value=channels]:checked]/audience:block">
            <fieldset aria-describedby={fields.channels.errors ? fields.channels.errorId : undefined}>
              <legend className="text-sm font-medium text-slate-800">Channels</legend>
              {page.channels.length === 0 ? <p className="text-sm text-slate-600">This workspace has no channels.</p> : null}
              <div className="mt-2 grid gap-1 sm:grid-cols-2">
                {page.channels.map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name={fields.channels.name} value={c.id} defaultChecked={selected("channels").includes(c.id)} />
                    <span>
                      #{c.name}
                      {c.isPrivate ? " (private)" : ""}
                    </span>
                    <span className="text-slate-500">
                      {c.members} {c.members === 1 ? "member" : "members"}
                    </span>
                  </label>
                ))}
              </div>
              <FieldError alert id={fields.channels.errorId} errors={fields.channels.errors} />
            </fieldset>
          </div>
        </>
      ) : (
        <div className="hidden group-has-[input[name=audienceType][value=groups]:checked]/audience:block">
          <fieldset aria-describedby={fields.groups.errors ? fields.groups.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">Groups</legend>
            <div className="mt-2 grid gap-1 sm:grid-cols-2">
              {page.groups.map((g) => (
                <label key={g.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={fields.groups.name} value={g.id} defaultChecked={selected("groups").includes(g.id)} />
                  <span>{g.name}</span>
                  <span className="text-slate-500">
                    {g.members.length} {g.members.length === 1 ? "member" : "members"}
                  </span>
                </label>
              ))}
            </div>
            <FieldError alert id={fields.groups.errorId} errors={fields.groups.errors} />
          </fieldset>
          <GroupDetails page={page} selected={selected("groups")} />
        </div>
      )}
      <div className="hidden group-has-[input[name=audienceType][value=users]:checked]/audience:block">
        <PeoplePicker
          name={fields.users.name}
          people={page.people}
          selected={selected("users")}
          label="Users"
          errorId={fields.users.errorId}
          errors={fields.users.errors}
        />
      </div>
    </SectionForm>
  );
}

/**
 * 001 §2 group details (Teams-type): the members of each group; struck-through members cannot
 * receive the survey: they must be added to the channel of the survey's group (or are inactive).
 */
export function GroupDetails({ page, selected }: { page: AudiencePage; selected: string[] }) {
  const channel = page.channelName ?? page.scopeName ?? "the survey's group";
  const shown = selected.length > 0 ? page.groups.filter((g) => selected.includes(g.id)) : page.groups;
  return (
    <div className="mt-4" aria-labelledby="group-details-heading">
      <h3 id="group-details-heading" className="text-sm font-semibold text-slate-900">
        Group details
      </h3>
      <p className="mt-1 text-sm text-slate-600">Struck-through members must be added to the {channel} channel to receive the survey.</p>
      <div className="mt-2 space-y-2">
        {shown.map((g) => {
          const invalid = g.members.filter((m) => !m.isValid).length;
          return (
            <details key={g.id} className="rounded-md border border-slate-200 p-3 text-sm" data-group={g.id}>
              <summary className="cursor-pointer font-medium text-slate-900">
                {g.name}
                {g.channelName ? ` (${g.channelName})` : ""} — {g.members.length} {g.members.length === 1 ? "member" : "members"}
                {invalid > 0 ? `, ${invalid} cannot receive it` : ""}
              </summary>
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {g.members.map((m) => (
                  <li key={m.id} data-valid={m.isValid ? "true" : "false"}>
                    {m.isValid ? (
                      m.name
                    ) : (
                      <>
                        <s className="text-slate-500">{m.name}</s>
                        <span className="sr-only">
                          {m.reason === "inactive" ? " (inactive)" : ` (must be added to the ${channel} channel)`}
                        </span>
                        {m.reason === "inactive" ? <span className="ml-1 text-xs text-slate-500">inactive</span> : null}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          );
        })}
      </div>
    </div>
  );
}

export function InspectorsSection({ page, last, onDirty }: SectionProps) {
  const [form, fields] = useForm({
    id: `inspectors-${page.version}`,
    lastResult: lastOf(last, "inspectors"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateUnlessClear(formData, InspectorsFormSchema),
  });
  const values = sent(form.initialValue);
  const type = values ? String(values.inspectorType ?? "") : page.saved.inspectorType ?? "";
  const selected = values ? many(values.inspectors) : page.saved.inspectorIds;
  const summary =
    page.saved.inspectorType === "audience"
      ? "Saved: the audience views the results."
      : page.saved.inspectorType === "users"
      ? `Saved: ${page.saved.inspectorIds.length} chosen ${
          page.saved.inspectorIds.length === 1 ? "person views" : "people view"
        } the results.`
      : "No result viewers saved yet.";
  return (
    <SectionForm
      id="inspectors"
      section="inspectors"
      title="Result viewers"
      description={summary}
      form={form}
      onDirty={onDirty}
      clear="Clear"
    >
      <fieldset aria-describedby={fields.inspectorType.errors ? fields.inspectorType.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Who can view the results</legend>
        <div className="mt-2 flex flex-wrap gap-6 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name={fields.inspectorType.name} value="audience" defaultChecked={type === "audience"} /> Audience
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={fields.inspectorType.name} value="users" defaultChecked={type === "users"} /> Users
          </label>
        </div>
        <FieldError alert id={fields.inspectorType.errorId} errors={fields.inspectorType.errors} />
      </fieldset>
      <div className="hidden group-has-[input[name=inspectorType][value=users]:checked]/inspectors:block">
        <PeoplePicker
          name={fields.inspectors.name}
          people={page.companyPeople}
          selected={selected}
          label="Result viewers"
          errorId={fields.inspectors.errorId}
          errors={fields.inspectors.errors}
        />
      </div>
    </SectionForm>
  );
}

export function AnonymitySection({ page, last, onDirty }: SectionProps) {
  const [form, fields] = useForm({
    id: `anonymity-${page.version}`,
    lastResult: lastOf(last, "anonymity"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AnonymityFormSchema }),
  });
  const values = sent(form.initialValue);
  const anonymous = values ? values.anonymous === "yes" : page.saved.anonymous;
  const min = values ? String(values.minSubmissionCount ?? "") : String(page.saved.minSubmissionCount);
  const floorHintId = `${fields.minSubmissionCount.id}-floor`;
  const minControl = controlProps(fields.minSubmissionCount);
  return (
    <SectionForm
      id="anonymity"
      section="anonymity"
      title="Anonymity"
      description="Anonymous answers are never stored next to who gave them; results stay hidden until enough people have answered."
      form={form}
      onDirty={onDirty}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Anonymous</legend>
        <div className="mt-2 flex gap-6 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name={fields.anonymous.name} value="yes" defaultChecked={anonymous} /> Yes
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={fields.anonymous.name} value="no" defaultChecked={!anonymous} /> No
          </label>
        </div>
      </fieldset>
      <Field
        field={fields.minSubmissionCount}
        label="Minimum submission count"
        className="max-w-xs"
        hint={
          <p id={floorHintId} className="mt-1 text-xs text-slate-600" data-anonymity-floor={page.anonymityFloor}>
            {copy(page.platform).anonymityFloorHint(page.anonymityFloor)}
          </p>
        }
      >
        <input
          {...minControl}
          aria-describedby={[minControl["aria-describedby"], floorHintId].filter(Boolean).join(" ")}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          defaultValue={min}
          className={input}
        />
      </Field>
    </SectionForm>
  );
}

export function VisibilitySection({ page, last, onDirty }: SectionProps) {
  const [form, fields] = useForm({
    id: `visibility-${page.version}`,
    lastResult: lastOf(last, "visibility"),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VisibilityFormSchema }),
  });
  const values = sent(form.initialValue);
  const live = values ? values.resultVisibility === "live" : page.saved.liveResults;
  return (
    <SectionForm
      id="visibility"
      section="visibility"
      title="Result visibility"
      description="When the result viewers can see the results."
      form={form}
      onDirty={onDirty}
    >
      <fieldset aria-describedby={fields.resultVisibility.errors ? fields.resultVisibility.errorId : undefined}>
        <legend className="sr-only">Result visibility</legend>
        <div className="flex flex-wrap gap-6 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name={fields.resultVisibility.name} value="live" defaultChecked={live} /> {RESULT_VISIBILITY.live}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={fields.resultVisibility.name} value="closed" defaultChecked={!live} /> {RESULT_VISIBILITY.closed}
          </label>
        </div>
        <FieldError alert id={fields.resultVisibility.errorId} errors={fields.resultVisibility.errors} />
      </fieldset>
    </SectionForm>
  );
}
