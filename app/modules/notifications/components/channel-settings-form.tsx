import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import type { Copy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { SelectField } from "~/ui/form-fields";
import { CHANNEL_CHOICES, CONFIGURABLE_KINDS, type ChannelChoice } from "../kinds";
import { NOTIFICATION_CHANNELS_INTENT, NotificationChannelsSchema, type ChannelChoices } from "../preferences.schema";

/**
 * Settings' Notifications section: per 002 §9 kind, by chat (the company's platform), e-mail or
 * both. One form, native selects (they work without JavaScript); the same zod schema checks it
 * in the browser and on the server.
 */
export function ChannelSettingsForm({
  words,
  choices,
  lastResult,
}: {
  words: Copy;
  choices: ChannelChoices;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const texts = words.notificationPrefs;
  const [form, fields] = useForm<z.input<typeof NotificationChannelsSchema>>({
    id: "notification-channels",
    lastResult: lastResult ?? undefined,
    defaultValue: { intent: NOTIFICATION_CHANNELS_INTENT, ...choices },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NotificationChannelsSchema }),
    shouldValidate: "onSubmit",
  });
  const optionLabel: Record<ChannelChoice, string> = {
    chat: texts.viaChat(words.platformName),
    email: texts.viaEmail,
    both: texts.viaBoth(words.platformName),
  };
  return (
    <section id="notifications" aria-labelledby="notifications-title" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="notifications-title" className="text-base font-semibold text-slate-900">
        {texts.sectionTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{texts.sectionHint}</p>
      <Form method="post" action="/settings" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={NOTIFICATION_CHANNELS_INTENT} />
        {CONFIGURABLE_KINDS.map((kind) => (
          <SelectField key={kind} field={fields[kind]} label={texts.kindLabels[kind]}>
            {CHANNEL_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {optionLabel[choice]}
              </option>
            ))}
          </SelectField>
        ))}
        <p className="text-sm text-slate-600">{texts.remindersNote}</p>
        {form.errors ? <p className="text-sm text-red-700">{form.errors.join(" ")}</p> : null}
        <div className="flex justify-end">
          <Button type="submit">{words.save}</Button>
        </div>
      </Form>
    </section>
  );
}
