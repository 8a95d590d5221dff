// Demo goals (002 §2.7, §3, §4) for Acme, Slack-type: people with goals in every state — open,
// approved, completed, and one past its deadline — written through the goals' own record
// function (app/modules/goals/goal-record.ts), as the add form's write does.
//
// Loaded by Node's own type stripping through demo.ts: modules by their `.ts` path, types with `import type`.
// @ts-ignore TS5097
import { goalRecord } from "../../modules/goals/goal-record.ts";
import type { SeedTables } from "./tables";

const DAY = 24 * 3_600_000;
const CID = "c-acme";
const u = (local: string) => `u-acme-${local}`;
const k = (slug: string) => `k-acme-${slug}`;

/** The end of the UTC day `days` from the seed day, as the form stores a deadline. */
function dueIn(now: number, days: number) {
  const d = new Date(now + days * DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59, 999);
}

export function demoGoalRows(_tables: SeedTables, now: number): SeedTables {
  // From the start of the seed day, so the rows are the same at any time of that day.
  const today = Math.floor(now / DAY) * DAY;
  const created = today - 20 * DAY + 9 * 3_600_000;
  const goal = (
    id: string,
    user: string,
    name: string,
    description: string | null,
    days: number,
    competencies: string[],
    behaviours: string[],
    state: { approvedBy?: string; completedBy?: string } = {}
  ) =>
    goalRecord({
      id,
      companyId: CID,
      userId: u(user),
      name,
      description,
      deadline: dueIn(today, days),
      competencyIds: competencies.map(k),
      behaviourIds: behaviours.map((b) => `${k(b.split("#")[0])}-${b.split("#")[1]}`),
      createdBy: u(user),
      createdAt: created,
      approval: state.approvedBy ? { by: u(state.approvedBy), at: created + 2 * DAY } : null,
      completion: state.completedBy ? { by: u(state.completedBy), at: created + 10 * DAY } : null,
    });
  return {
    goals: [
      goal("g-acme-eve-discovery", "eve", "Run a discovery sprint for onboarding", "Interview ten new customers and share the findings.", 30, ["communication"], ["communication#1", "communication#3"]),
      goal("g-acme-eve-roadmap", "eve", "Publish the Q3 roadmap", "Agree the roadmap with engineering and share it company-wide.", 45, ["communication", "collaboration"], ["collaboration#1"], { approvedBy: "mona" }),
      goal("g-acme-eve-metrics", "eve", "Define product success metrics", null, -5, ["ownership"], [], { approvedBy: "mona" }),
      goal("g-acme-ed-design-system", "ed", "Ship the design system v2", "Components documented and adopted by two teams.", 60, ["collaboration"], ["collaboration#2"], { approvedBy: "mona", completedBy: "ed" }),
      goal("g-acme-ed-research", "ed", "Usability test the new checkout", null, 14, [], []),
      goal("g-acme-priya-mentoring", "priya", "Mentor two junior engineers", "Weekly pairing sessions through the quarter.", 90, ["collaboration"], ["collaboration#1", "collaboration#2"], { approvedBy: "adam" }),
    ],
  };
}
