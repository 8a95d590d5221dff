import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";
import {
  describeRun,
  formatLocalDateTime,
  frequencyOptions,
  isFrequency,
  offsetLabel,
  parseLocalDateTime,
  schedulePreview,
} from "../schedule";
import { CLOSE_RULES, CLOSE_UNITS } from "../survey-machine";
import { input, panel, useLeaveGuard } from "./audience-fields";
import { controlProps, Field, type FieldMeta } from "./labelled-field";
import {
  CLOSE_RULE_LABELS,
  CLOSE_UNIT_LABELS,
  NOTIFICATION_DEBOUNCE_MS,
  NotificationsFormSchema,
  schedulerSchema,
  type SchedulerValues,
} from "./scheduler-fields";

/** The notification texts: they save themselves, so typing them does not count as an unsaved change. */
const MESSAGE_NAMES = new Set(["launchMessage", "reminderMessage"]);

/** The scheduler's one form (001 §2): schedule with its preview, close rule, notifications and Launch. */

export interface SchedulerPage {
  id: string;
  version: number;
  title: string;
  values: SchedulerValues;
  /** The §5 message that keeps Launch disabled, or null. */
  blocker: string | null;
  /** The run the cron will start (the survey is scheduled), or null. */
  nextRunAt: number | null;
  now: number;
}

type Values = Partial<Record<keyof SchedulerValues, unknown>>;

function valuesOf(initial: unknown, saved: SchedulerValues): SchedulerValues {
  if (!initial || typeof initial !== "object" || Object.keys(initial).length === 0) return saved;
  const sent = initial as Values;
  const text = (k: keyof SchedulerValues) => (typeof sent[k] === "string" ? (sent[k] as string) : "");
  return {
    startDate: text("startDate"),
    frequency: text("frequency"),
    tzOffsetMinutes: text("tzOffsetMinutes") || saved.tzOffsetMinutes,
    closeRule: text("closeRule") || "manual",
    closeSpan: text("closeSpan"),
    closeUnit: text("closeUnit") || saved.closeUnit,
    closeAt: text("closeAt"),
    launchMessage: text("launchMessage"),
    reminderMessage: text("reminderMessage"),
  };
}

export function SchedulerForm({
  page,
  lastResult,
  formError,
}: {
  page: SchedulerPage;
  lastResult?: SubmissionResult<string[]>;
  formError: string | null;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: `scheduler-${page.version}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      // Cancel schedule and the notification texts check only the texts.
      const intent = formData.get("intent");
      const schema = schedulerSchema(Date.now());
      const textsOnly = intent === "unschedule" || intent === "notifications";
      return parseWithZod(formData, { schema: textsOnly ? (NotificationsFormSchema as unknown as typeof schema) : schema });
    },
  });
  const initial = valuesOf(form.initialValue, page.values);
  const [startDate, setStartDate] = useState(initial.startDate);
  const [closeAt, setCloseAt] = useState(initial.closeAt);
  const [frequency, setFrequency] = useState(initial.frequency);
  const [offset, setOffset] = useState(Number(initial.tzOffsetMinutes) || 0);

  // With JavaScript the times are the browser's local time: move the shown values to its offset.
  useEffect(() => {
    const browser = -new Date().getTimezoneOffset();
    if (browser === offset) return;
    const move = (value: string) => formatLocalDateTime(parseLocalDateTime(value, offset), browser);
    setStartDate((v) => move(v) || v);
    setCloseAt((v) => move(v) || v);
    setOffset(browser);
    // Only once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = parseLocalDateTime(startDate, offset);
  const options = start === null ? [] : frequencyOptions(start, offset);
  const chosen = isFrequency(frequency) && options.some((o) => o.value === frequency) ? frequency : "does-not-repeat";
  const preview =
    start === null
      ? null
      : schedulePreview({ startAt: start, frequency: chosen, tzOffsetMinutes: offset }, hydrated ? Date.now() : page.now);
  const launchesNow = start !== null && start <= (hydrated ? Date.now() : page.now);

  // 001 §9: the notification texts save themselves 350 ms after the last keystroke.
  const notifications = useFetcher<{ saved?: boolean }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const formRef = useRef<HTMLFormElement>(null);
  // The leave guard: the other fields until the form is submitted; the texts only while their own
  // save waits or runs (once saved there is nothing to lose).
  const [fieldsChanged, setFieldsChanged] = useState(false);
  const [textsWaiting, setTextsWaiting] = useState(false);
  const textsSaving = textsWaiting || notifications.state !== "idle";
  // Guarded here, where "Saved" is decided, so the guard lets go in the same render.
  useLeaveGuard(fieldsChanged || textsSaving);
  function onMessageInput() {
    setTextsWaiting(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setTextsWaiting(false);
      const element = formRef.current;
      if (!element) return;
      const body = new FormData();
      body.set("intent", "notifications");
      body.set("launchMessage", String(new FormData(element).get("launchMessage") ?? ""));
      body.set("reminderMessage", String(new FormData(element).get("reminderMessage") ?? ""));
      notifications.submit(body, { method: "post" });
    }, NOTIFICATION_DEBOUNCE_MS);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      method="post"
      id={form.id}
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        form.onSubmit(event);
        if (event.defaultPrevented) return;
        // The form carries the texts too: their own pending save is not needed any more.
        clearTimeout(timer.current);
        setTextsWaiting(false);
        setFieldsChanged(false);
      }}
      onChange={(event) => {
        // The notification texts save themselves (onMessageInput).
        if (!MESSAGE_NAMES.has((event.target as HTMLElement).getAttribute("name") ?? "")) setFieldsChanged(true);
      }}
      className="group/scheduler space-y-6"
    >
      <input type="hidden" name={fields.tzOffsetMinutes.name} value={String(offset)} />
      {formError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {formError}
        </div>
      ) : null}

      <section className={panel} aria-labelledby="schedule-heading">
        <h2 id="schedule-heading" className="text-base font-semibold text-slate-900">
          Schedule
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {offset === 0 && !hydrated
            ? "Times are in UTC (without JavaScript the page cannot know your time zone)."
            : `Times are in your time zone (${offsetLabel(offset)}).`}
        </p>
        {page.nextRunAt !== null ? (
          <p className="mt-2 text-sm text-indigo-900" role="status">
            Scheduled: the next run starts on {describeRun(page.nextRunAt, offset)} ({offsetLabel(offset)}).
          </p>
        ) : null}
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <Field field={fields.startDate} label="Start date *">
            <input
              {...controlProps(fields.startDate)}
              type="datetime-local"
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              className={input}
            />
          </Field>
          <Field
            field={fields.frequency}
            label="Frequency *"
            hint={
              !hydrated ? (
                <p className="mt-1 text-xs text-slate-600">
                  The choices follow the start date: after changing it, use “Update preview” to see the matching ones.
                </p>
              ) : null
            }
          >
            <select
              {...controlProps(fields.frequency)}
              value={options.some((o) => o.value === frequency) ? frequency : ""}
              onChange={(e) => setFrequency(e.target.value)}
              className={input}
            >
              <option value="">Choose a frequency</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="mt-4" aria-labelledby="preview-heading">
          <div className="flex items-center justify-between gap-2">
            <h3 id="preview-heading" className="text-sm font-semibold text-slate-900">
              Upcoming runs
            </h3>
            {!hydrated ? (
              <Button type="submit" name="intent" value="preview" variant="ghost">
                Update preview
              </Button>
            ) : null}
          </div>
          {preview ? (
            <>
              <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-sm text-slate-800" aria-live="polite">
                {preview.dates.map((d) => (
                  <li key={d}>{describeRun(d, offset)}</li>
                ))}
              </ol>
              {preview.warnings.length ? (
                <ul className="mt-2 space-y-1 text-sm text-amber-900" aria-label="Warnings">
                  {preview.warnings.map((w) => (
                    <li key={w} className="rounded-md bg-amber-50 px-2 py-1">
                      {w}
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-600">Choose a start date to see the upcoming runs.</p>
          )}
        </div>
      </section>

      <section className={panel} aria-labelledby="close-heading">
        <h2 id="close-heading" className="text-base font-semibold text-slate-900">
          Close rule
        </h2>
        <fieldset className="mt-3">
          <legend className="sr-only">When each run closes</legend>
          <div className="space-y-2 text-sm">
            {CLOSE_RULES.map((rule) => (
              <label key={rule} className="flex items-center gap-2">
                <input type="radio" name={fields.closeRule.name} value={rule} defaultChecked={initial.closeRule === rule} />{" "}
                {CLOSE_RULE_LABELS[rule]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 hidden gap-4 group-has-[input[name=closeRule][value=automatic]:checked]/scheduler:grid md:grid-cols-2">
          <Field field={fields.closeSpan} label="Stays open for *">
            <input {...controlProps(fields.closeSpan)} type="number" min={1} step={1} defaultValue={initial.closeSpan} className={input} />
          </Field>
          <Field field={fields.closeUnit} label="Unit *">
            <select id={fields.closeUnit.id} name={fields.closeUnit.name} defaultValue={initial.closeUnit || "days"} className={input}>
              {CLOSE_UNITS.map((u) => (
                <option key={u} value={u}>
                  {CLOSE_UNIT_LABELS[u]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          field={fields.closeAt}
          label="Closes on *"
          className="mt-3 hidden max-w-sm group-has-[input[name=closeRule][value=onSpecificTime]:checked]/scheduler:block"
          hint={
            <p className="mt-1 text-xs text-slate-600">A repeating survey's later runs close as long after their start as the first.</p>
          }
        >
          <input
            {...controlProps(fields.closeAt)}
            type="datetime-local"
            value={closeAt}
            onChange={(e) => setCloseAt(e.target.value)}
            className={input}
          />
        </Field>
      </section>

      <section className={panel} aria-labelledby="notifications-heading">
        <div className="flex items-center justify-between gap-2">
          <h2 id="notifications-heading" className="text-base font-semibold text-slate-900">
            Notifications
          </h2>
          <span className="text-xs text-slate-600" aria-live="polite">
            {notifications.state !== "idle" ? "Saving…" : notifications.data?.saved ? "Saved" : ""}
          </span>
        </div>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <MessageField field={fields.launchMessage} label="Launch message" defaultValue={initial.launchMessage} onInput={onMessageInput} />
          <MessageField
            field={fields.reminderMessage}
            label="Reminder message"
            defaultValue={initial.reminderMessage}
            onInput={onMessageInput}
          />
        </div>
      </section>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {page.blocker ? (
          <p id="launch-blocker" className="text-sm text-red-700">
            {page.blocker}
          </p>
        ) : null}
        {page.nextRunAt !== null ? (
          <Button type="submit" name="intent" value="unschedule" variant="secondary">
            Cancel schedule
          </Button>
        ) : null}
        <Button type="submit" name="intent" value="save" variant="secondary">
          Save
        </Button>
        {start !== null ? (
          <span className="text-sm text-slate-600">
            {launchesNow ? "Launch starts the survey now." : `Launch schedules the first run for ${describeRun(start, offset)}.`}
          </span>
        ) : null}
        <Button
          type="submit"
          name="intent"
          value="launch"
          disabled={page.blocker !== null}
          aria-describedby={page.blocker ? "launch-blocker" : undefined}
        >
          Launch
        </Button>
      </div>
    </Form>
  );
}

/** A notification text: saved on its own as it is typed (`onInput`), and with the form. */
function MessageField({
  field,
  label,
  defaultValue,
  onInput,
}: {
  field: FieldMeta;
  label: string;
  defaultValue: string;
  onInput: () => void;
}) {
  return (
    <Field field={field} label={label}>
      <textarea
        id={field.id}
        name={field.name}
        defaultValue={defaultValue}
        rows={4}
        maxLength={2000}
        className={input}
        onInput={onInput}
        aria-describedby={field.errors ? field.errorId : undefined}
      />
    </Field>
  );
}
