import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import { companies, userManagers, users } from "~/db/schema";
import { DEV_SIGN_IN_FULL_LIST_LIMIT as FULL_LIST_LIMIT, DEV_SIGN_IN_SEARCH_LIMIT as SEARCH_LIMIT, type SignInPlatform } from "./sign-in.schema";

export interface DemoPerson {
  id: string;
  name: string;
  email: string;
  title: string | null;
  hints: string[];
}

export interface DemoCompany {
  id: string;
  name: string;
  platform: SignInPlatform;
  total: number;
  /** True when only admins and search results are shown. */
  partial: boolean;
  people: DemoPerson[];
}

/** The demo sign-in list: every company, people grouped by company, most privileged first. */
export async function listDemoPeople(context: AppLoadContext, search: string): Promise<DemoCompany[]> {
  const db = context.db;
  const rows = await db
    .select({ id: companies.id, name: companies.name, platform: companies.platform, total: count(users.id) })
    .from(companies)
    .leftJoin(users, and(eq(users.companyId, companies.id), eq(users.isDeleted, false)))
    .groupBy(companies.id)
    .orderBy(asc(companies.name));

  const term = search.trim().toLowerCase().slice(0, 100);
  return Promise.all(
    rows.map(async (company) => {
      const partial = company.total > FULL_LIST_LIMIT;
      const isManager = sql<number>`exists (select 1 from ${userManagers} where ${userManagers.companyId} = ${users.companyId} and ${userManagers.managerId} = ${users.id})`;
      const scope = [eq(users.companyId, company.id), eq(users.isDeleted, false)];
      if (partial) {
        const admins = or(eq(users.isSuperAdmin, true), eq(users.isTeamAdmin, true));
        const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const matches = or(
          sql`lower(${users.name}) like ${pattern} escape '\\'`,
          sql`lower(${users.email}) like ${pattern} escape '\\'`,
        );
        scope.push(term ? or(admins, matches)! : admins!);
      }
      const people = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          title: users.title,
          isSuperAdmin: users.isSuperAdmin,
          isTeamAdmin: users.isTeamAdmin,
          isManager,
        })
        .from(users)
        .where(and(...scope))
        .orderBy(desc(users.isSuperAdmin), desc(users.isTeamAdmin), desc(isManager), asc(users.name))
        .limit(partial ? SEARCH_LIMIT + 20 : FULL_LIST_LIMIT);
      return {
        id: company.id,
        name: company.name,
        platform: company.platform,
        total: company.total,
        partial,
        people: people.map((p) => ({
          id: p.id,
          name: p.name,
          email: p.email,
          title: p.title,
          hints: [
            p.isSuperAdmin ? "super admin" : null,
            p.isTeamAdmin ? (company.platform === "msteams" ? "group admin" : "team admin") : null,
            p.isManager ? "manager" : null,
          ].filter((h): h is string => h !== null),
        })),
      };
    }),
  );
}

/** The active person with this e-mail (any company), or null. */
export async function findDemoPersonByEmail(context: AppLoadContext, email: string) {
  const [person] = await context.db
    .select({ userId: users.id, companyId: users.companyId })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), eq(users.isDeleted, false)))
    .orderBy(desc(sql`coalesce(${users.slackUserId}, ${users.msteamsUserId}) is not null`), asc(users.createdAt))
    .limit(1);
  return person ?? null;
}
