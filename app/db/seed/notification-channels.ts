// Demo notification channels (002 §9 kinds by chat, e-mail or both) for Acme, Slack-type: rows
// made by the Settings form's own record function (app/modules/notifications/channel-settings-record.ts).
//
// Loaded by Node's own type stripping through demo.ts: modules by their `.ts` path, types with `import type`.
// @ts-ignore TS5097
import { channelSettingRows } from "../../modules/notifications/channel-settings-record.ts";
import type { SeedTables } from "./tables";

const DAY = 24 * 3_600_000;

export function demoNotificationChannelRows(_tables: SeedTables, now: number): SeedTables {
  return {
    notification_channel_settings: channelSettingRows({
      companyId: "c-acme",
      choices: { "survey-reminder": "both" },
      updatedBy: "u-acme-alice",
      // From the start of the seed day, so the rows are the same at any time of that day.
      updatedAt: Math.floor(now / DAY) * DAY,
    }),
  };
}
