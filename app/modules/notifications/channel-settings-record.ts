/**
 * An admin's per-kind channel choices as rows of notification_channel_settings, for the Settings
 * form's write and the demo seed alike (import-free: the seed is loaded by Node's own type
 * stripping). Times are ms since the epoch: the rows go to D1 as they are.
 */
export type ChannelSettingRow = { company_id: string; kind: string; via: "chat" | "email" | "both"; updated_by: string | null; updated_at: number };

export function channelSettingRows(input: {
  companyId: string;
  choices: Partial<Record<string, "chat" | "email" | "both">>;
  updatedBy: string | null;
  updatedAt: number;
}): ChannelSettingRow[] {
  const rows: ChannelSettingRow[] = [];
  for (const [kind, via] of Object.entries(input.choices)) {
    if (via) rows.push({ company_id: input.companyId, kind, via, updated_by: input.updatedBy, updated_at: input.updatedAt });
  }
  return rows;
}
