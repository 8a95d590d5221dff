// Demo objectives campaigns (001 §2, §4): in Acme a launched OKR campaign over the company
// (oc-acme-okr) and a draft for chosen people (oc-acme-draft); in Globex a launched
// performance-contract campaign (oc-globex-pc); in Initech a launched campaign over its 5,000
// people (oc-initech-okr, the manage page's benchmark). Rows are built by campaignRecord and
// participantRecords, what a launch writes; participants are the company's active people, as a
// launch picks them. The objectives seed (objective-sets.ts) runs after and may move
// participants on from pending.
//
// Loaded by Node's own type stripping through demo.ts: modules by their `.ts` path, types with `import type`.
import type { CampaignRecord } from "../../modules/objectives/campaign-records";
import type { CampaignFields } from "../../modules/objectives/campaign-rules";
// @ts-ignore TS5097
import { campaignRecord, participantRecords } from "../../modules/objectives/campaign-records.ts";
import type { Row, SeedTables } from "./tables";

const DAY = 86_400_000;

export const OBJECTIVES_CAMPAIGN_IDS = {
  acme: "oc-acme-okr",
  globex: "oc-globex-pc",
  acmeDraft: "oc-acme-draft",
  initech: "oc-initech-okr",
} as const;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A record as a seed row: snake_case columns, flags as 0/1, JSON as text. */
function rowOf(record: object): Row {
  const row: Row = {};
  for (const [key, value] of Object.entries(record)) {
    row[snake(key)] =
      value === null || value === undefined
        ? null
        : typeof value === "boolean"
          ? value
            ? 1
            : 0
          : typeof value === "object"
            ? JSON.stringify(value)
            : (value as string | number);
  }
  return row;
}

function activeIds(tables: SeedTables, companyId: string): string[] {
  return (tables.users ?? [])
    .filter((u) => u.company_id === companyId && u.is_deleted === 0 && u.is_excluded === 0)
    .map((u) => String(u.id))
    .sort();
}

function adminOf(tables: SeedTables, companyId: string): string {
  const admin = (tables.users ?? []).find((u) => u.company_id === companyId && u.is_super_admin === 1);
  return String(admin?.id ?? activeIds(tables, companyId)[0]);
}

interface Spec {
  id: string;
  companyId: string;
  title: string;
  startAt: number;
  endAt: number;
  audience: "company" | string[];
  launch: boolean;
}

function campaignRows(tables: SeedTables, specs: Spec[], today: number): SeedTables {
  const out: SeedTables = { objectives_campaigns: [], objectives_participants: [] };
  for (const spec of specs) {
    const fields: CampaignFields = {
      title: spec.title,
      startAt: spec.startAt,
      endAt: spec.endAt,
      audienceType: spec.audience === "company" ? "company" : "users",
      audienceUserIds: spec.audience === "company" ? [] : spec.audience,
      notifyEmployees: true,
      notifyManagers: true,
    };
    const createdAt = Math.min(spec.startAt, today) - DAY;
    const record: CampaignRecord = campaignRecord(fields, {
      id: spec.id,
      companyId: spec.companyId,
      actorId: adminOf(tables, spec.companyId),
      now: spec.launch ? Math.min(spec.startAt, today) : createdAt,
      launch: spec.launch,
    });
    out.objectives_campaigns.push(rowOf({ ...record, createdAt }));
    if (!spec.launch) continue;
    const active = activeIds(tables, spec.companyId);
    const members = spec.audience === "company" ? active : spec.audience.filter((id) => active.includes(id));
    for (const p of participantRecords(record, members, record.launchedAt!)) {
      out.objectives_participants.push(
        rowOf({ companyId: p.companyId, campaignId: p.campaignId, userId: p.userId, state: p.state, submittedAt: null, approvedAt: null, approvedBy: null, remindedAt: null, createdAt: p.createdAt })
      );
    }
  }
  return out;
}

export function demoObjectivesCampaignRows(tables: SeedTables, now: number): SeedTables {
  const today = Math.floor(now / DAY) * DAY;
  return campaignRows(
    tables,
    [
      { id: OBJECTIVES_CAMPAIGN_IDS.acme, companyId: "c-acme", title: "H2 OKRs", startAt: today - 30 * DAY, endAt: today + 60 * DAY, audience: "company", launch: true },
      {
        id: OBJECTIVES_CAMPAIGN_IDS.globex,
        companyId: "c-globex",
        title: "Performance Contracts",
        startAt: today - 30 * DAY,
        endAt: today + 60 * DAY,
        audience: "company",
        launch: true,
      },
      {
        id: OBJECTIVES_CAMPAIGN_IDS.acmeDraft,
        companyId: "c-acme",
        title: "Product team OKRs",
        startAt: today + 7 * DAY,
        endAt: today + 97 * DAY,
        audience: ["u-acme-mona", "u-acme-eve", "u-acme-ed"],
        launch: false,
      },
    ],
    today
  );
}

export function largeObjectivesCampaignRows(tables: SeedTables, now: number): SeedTables {
  const today = Math.floor(now / DAY) * DAY;
  return campaignRows(
    tables,
    [{ id: OBJECTIVES_CAMPAIGN_IDS.initech, companyId: "c-initech", title: "Company OKRs", startAt: today - 30 * DAY, endAt: today + 60 * DAY, audience: "company", launch: true }],
    today
  );
}
