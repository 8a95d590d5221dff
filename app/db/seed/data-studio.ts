// Demo Data Studio views (001 §2 Load View) for Acme's admin, written through the views' own
// record function (app/modules/analytics/data-studio/view-record.ts), as Save View's write does.
//
// Loaded by Node's own type stripping through demo.ts: modules by their `.ts` path, types with `import type`.
// @ts-ignore TS5097
import { viewRecord } from "../../modules/analytics/data-studio/view-record.ts";
import type { QueryDocument } from "../../modules/analytics/data-studio/query-types";
import type { SeedTables } from "./tables";

const DAY = 24 * 3_600_000;
const CID = "c-acme";
const ADMIN = "u-acme-alice";

/** The demo views, also read by the tests that check they are queries the definitions know. */
export const DEMO_VIEWS: Array<{ id: string; title: string; view: QueryDocument }> = [
  {
    id: "dsv-acme-people-by-department",
    title: "People by department",
    view: {
      table: "people",
      columns: [
        [{ type: "attribute", name: "name" }],
        [{ type: "attribute", name: "email" }],
        [
          { type: "edge", name: "department" },
          { type: "attribute", name: "name" },
        ],
      ],
    },
  },
  {
    id: "dsv-acme-engineering",
    title: "Engineering and Product people",
    view: {
      table: "people",
      columns: [
        [{ type: "attribute", name: "name" }],
        [
          { type: "edge", name: "department" },
          { type: "attribute", name: "department", filters: [{ kind: "in", values: ["d-acme-engineering", "d-acme-product"] }] },
        ],
      ],
    },
  },
];

export function demoDataStudioRows(_tables: SeedTables, now: number): SeedTables {
  // From the start of the seed day, so the rows are the same at any time of that day.
  const today = Math.floor(now / DAY) * DAY;
  return {
    data_studio_views: DEMO_VIEWS.map((v, i) => viewRecord({ id: v.id, companyId: CID, userId: ADMIN, title: v.title, view: v.view, now: today - (i + 1) * DAY })),
  };
}
