import { useEffect, useRef, useState } from "react";
import { copy, sharedCopy } from "~/lib/copy";
import { formatLocalDateTime, frequencyOptions, offsetLabel, parseLocalDateTime } from "~/modules/surveys/schedule";
import { buttonClass } from "~/ui/button";
import { MESSAGE_MAX } from "../config.schema";
import { DELIVERY, LOOP_TYPES, NOTIFICATION_MESSAGE_DEBOUNCE_MS } from "../loop-types";
import { control, FieldErrorText, RadioList, SectionForm, sentValues, useSection, type SectionProps } from "./config-section";

/** The loop's other settings (002 §2.4): feedback type, anonymity, deadline, channel posts, notifications. */

export function FeedbackTypeSection(props: SectionProps) {
  const section = useSection("feedbackType", props);
  const sent = sentValues(section.form.initialValue);
  const checked = sent ? String(sent.workflowType ?? "") : props.page.saved.workflowType;
  return (
    <SectionForm section={section} title="Feedback Type" onChange={() => section.save()}>
      <RadioList
        name="workflowType"
        legend="What the feedback is about"
        options={LOOP_TYPES.map((value) => ({ value, label: sharedCopy.loopTypeTitles[value] }))}
        checked={checked}
        errors={section.fields.workflowType.errors}
        errorId={section.fields.workflowType.errorId}
        columns
      />
    </SectionForm>
  );
}

export function AnonymitySection(props: SectionProps) {
  const section = useSection("anonymity", props);
  const sent = sentValues(section.form.initialValue);
  const checked = sent ? String(sent.anonymity ?? "") : props.page.saved.anonymous ? "anonymous" : "non-anonymous";
  return (
    <SectionForm
      section={section}
      title="Anonymity"
      description="Anonymous feedback is stored without its sender and shown once enough of it has arrived."
      onChange={() => section.save()}
    >
      <RadioList
        name="anonymity"
        legend="Anonymity"
        options={[
          { value: "non-anonymous", label: "Non-anonymous" },
          { value: "anonymous", label: "Anonymous" },
        ]}
        checked={checked}
        errors={section.fields.anonymity.errors}
        errorId={section.fields.anonymity.errorId}
      />
    </SectionForm>
  );
}

/**
 * The offset times are shown in: the saved one until hydrated (UTC without JavaScript), then the
 * browser's. A value nobody has touched yet is moved to the browser's clock; one typed before
 * hydration is kept as typed.
 */
function useLocalTime(saved: string, savedOffset: number, input: React.RefObject<HTMLInputElement>) {
  const [offset, setOffset] = useState(savedOffset);
  useEffect(() => {
    const browser = -new Date().getTimezoneOffset();
    const el = input.current;
    if (el && el.value === saved && saved) el.value = formatLocalDateTime(parseLocalDateTime(saved, savedOffset), browser);
    setOffset(browser);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return offset;
}

export function DeadlineSection(props: SectionProps) {
  const { page } = props;
  const section = useSection("deadline", props);
  const ref = useRef<HTMLInputElement>(null);
  const offset = useLocalTime(page.saved.deadline, page.saved.tzOffsetMinutes, ref);
  const sent = sentValues(section.form.initialValue);
  const { deadline } = section.fields;
  return (
    <SectionForm
      section={section}
      title="Deadline"
      description={`Each run stays open until then. Times are in ${section.hydrated ? "your time zone" : "the saved time zone"} (${offsetLabel(offset)}).`}
      onChange={() => section.save()}
      extraButtons={
        <button type="submit" name="intent" value="clearDeadline" formNoValidate className={buttonClass("ghost")}>
          Clear
        </button>
      }
    >
      <input type="hidden" name="tzOffsetMinutes" value={String(offset)} />
      <div>
        <label htmlFor={deadline.id} className="text-sm font-medium text-slate-800">
          Deadline
        </label>
        <input
          ref={ref}
          id={deadline.id}
          name="deadline"
          type="datetime-local"
          defaultValue={sent ? String(sent.deadline ?? "") : page.saved.deadline}
          aria-invalid={deadline.errors ? true : undefined}
          aria-describedby={deadline.errors ? deadline.errorId : undefined}
          className={control}
        />
        <FieldErrorText id={deadline.errorId} errors={deadline.errors} />
        {!page.saved.deadline ? <p className="mt-1 text-xs text-slate-600">No deadline: runs stay open until closed.</p> : null}
      </div>
    </SectionForm>
  );
}

/** Slack-type with a channel audience: where the request is posted besides direct messages. */
export function ChannelPostHint({ page }: { page: SectionProps["page"] }) {
  const names = page.channels.filter((c) => page.saved.audienceIds.includes(c.id)).map((c) => `#${c.name}`);
  const posts = page.saved.delivery === "dm-and-channels" || page.saved.delivery === "channels-only";
  return (
    <section aria-labelledby="channel-post-heading" className="rounded-lg border border-indigo-100 bg-indigo-50 p-5 text-sm text-slate-800">
      <h2 id="channel-post-heading" className="text-base font-semibold text-slate-900">
        Channel post
      </h2>
      <p className="mt-1" data-channel-post={posts ? "on" : "off"}>
        {posts
          ? `The notification message is also posted in ${names.join(", ")}.`
          : `Choose "${sharedCopy.deliveryTitles["dm-and-channels"]}" or "${sharedCopy.deliveryTitles["channels-only"]}" under Send Notifications As to post the notification message in ${names.join(", ")}.`}
      </p>
    </section>
  );
}

export function ScheduleSection(props: SectionProps) {
  const { page } = props;
  const section = useSection("schedule", props);
  const ref = useRef<HTMLInputElement>(null);
  const offset = useLocalTime(page.saved.startDate, page.saved.tzOffsetMinutes, ref);
  const sent = sentValues(section.form.initialValue);
  const initialStart = sent ? String(sent.startDate ?? "") : page.saved.startDate;
  const [start, setStart] = useState(initialStart);
  useEffect(() => {
    if (ref.current) setStart(ref.current.value);
  }, [offset]);
  const oneOnOne = page.templateType === "one-on-one";
  const startAt = parseLocalDateTime(start, offset);
  const options = oneOnOne || startAt === null ? [{ value: "does-not-repeat", label: "Does not repeat" }] : frequencyOptions(startAt, offset);
  const frequency = sent ? String(sent.frequency ?? "") : page.saved.frequency;
  const { startDate, frequency: freq } = section.fields;
  return (
    <SectionForm
      section={section}
      title="Scheduler"
      description={
        page.saved.startDate
          ? `Starts at the time chosen (${offsetLabel(offset)}).`
          : "Not scheduled: Launch Now starts the loop at once. A scheduled start is at least 48 hours ahead."
      }
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === "startDate") setStart(target.value);
        section.save();
      }}
      extraButtons={
        <button type="submit" name="intent" value="clearSchedule" formNoValidate className={buttonClass("ghost")}>
          Clear Schedule
        </button>
      }
    >
      <input type="hidden" name="tzOffsetMinutes" value={String(offset)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={startDate.id} className="text-sm font-medium text-slate-800">
            Start date and time
          </label>
          <input
            ref={ref}
            id={startDate.id}
            name="startDate"
            type="datetime-local"
            defaultValue={initialStart}
            aria-invalid={startDate.errors ? true : undefined}
            aria-describedby={startDate.errors ? startDate.errorId : undefined}
            className={control}
          />
          <FieldErrorText id={startDate.errorId} errors={startDate.errors} />
        </div>
        <div>
          <label htmlFor={freq.id} className="text-sm font-medium text-slate-800">
            Repeat
          </label>
          <select
            id={freq.id}
            name="frequency"
            defaultValue={options.some((o) => o.value === frequency) ? frequency : "does-not-repeat"}
            key={options.map((o) => o.value).join(",")}
            aria-invalid={freq.errors ? true : undefined}
            aria-describedby={freq.errors ? freq.errorId : undefined}
            className={control}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldErrorText id={freq.errorId} errors={freq.errors} />
          {oneOnOne ? <p className="mt-1 text-xs text-slate-600">A one-on-one loop does not repeat.</p> : null}
          {!section.hydrated && !oneOnOne ? (
            <p className="mt-1 text-xs text-slate-600">The repeat choices follow the start date: save it first to see the matching ones.</p>
          ) : null}
        </div>
      </div>
    </SectionForm>
  );
}

export function MessageSection(props: SectionProps) {
  const section = useSection("message", props);
  const sent = sentValues(section.form.initialValue);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const { notificationMessage: field } = section.fields;
  return (
    <SectionForm section={section} title="Notification Message">
      <div>
        <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
          Message sent with each request for feedback
        </label>
        <textarea
          id={field.id}
          name="notificationMessage"
          rows={4}
          maxLength={MESSAGE_MAX}
          defaultValue={sent ? String(sent.notificationMessage ?? "") : props.page.saved.notificationMessage}
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={field.errors ? field.errorId : undefined}
          className={control}
          onInput={() => {
            // 002 §9: saved 350 ms after the last keystroke.
            clearTimeout(timer.current);
            timer.current = setTimeout(() => section.save(), NOTIFICATION_MESSAGE_DEBOUNCE_MS);
          }}
        />
        <FieldErrorText id={field.errorId} errors={field.errors} />
      </div>
    </SectionForm>
  );
}

export function DeliverySection(props: SectionProps) {
  const section = useSection("delivery", props);
  const sent = sentValues(section.form.initialValue);
  const words = copy(props.page.platform);
  const checked = sent ? String(sent.delivery ?? "") : props.page.saved.delivery;
  return (
    <SectionForm section={section} title="Send Notifications As" onChange={() => section.save()}>
      <RadioList
        name="delivery"
        legend={`How people are told (direct messages, ${words.channels.toLowerCase()})`}
        options={DELIVERY.map((value) => ({ value, label: sharedCopy.deliveryTitles[value] }))}
        checked={checked}
        errors={section.fields.delivery.errors}
        errorId={section.fields.delivery.errorId}
      />
    </SectionForm>
  );
}
