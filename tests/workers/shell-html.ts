import { env } from "cloudflare:workers";
import type { PermissionSubject } from "~/lib/permissions/registry";

/** Visible text of an HTML page: tags and React's <!-- --> markers dropped, entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** Attribute values of every element matching a CSS selector (workerd's HTMLRewriter). */
export async function attrs(html: string, selector: string, attribute: string): Promise<string[]> {
  const out: string[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(el) {
        const value = el.getAttribute(attribute);
        if (value !== null) out.push(value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'"));
      },
    })
    .transform(new Response(html))
    .text();
  return out;
}

/** Text content of every element matching a selector, one string per element. */
export async function texts(html: string, selector: string): Promise<string[]> {
  const out: string[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element() {
        out.push("");
      },
      text(chunk) {
        out[out.length - 1] += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return out.map((t) => textOf(t));
}

export interface SeededPerson {
  id: string;
  companyId: string;
  platform: "slack" | "msteams";
  subject: PermissionSubject;
}

/** A seeded person as the permission registry sees them, read from the test database. */
export async function seededPerson(email: string): Promise<SeededPerson> {
  const row = await env.DB.prepare(
    `SELECT u.id, u.company_id, u.is_super_admin, u.is_team_admin, c.platform, c.custom_relationships, c.ai_enabled,
            c.review_analytics, c.user_admin_view,
            EXISTS (SELECT 1 FROM user_managers m WHERE m.manager_id = u.id AND m.company_id = u.company_id) AS is_manager
       FROM users u JOIN companies c ON c.id = u.company_id WHERE u.email = ?`,
  )
    .bind(email)
    .first<Record<string, string | number>>();
  if (!row) throw new Error(`No seeded person ${email}`);
  const platform = row.platform as "slack" | "msteams";
  return {
    id: String(row.id),
    companyId: String(row.company_id),
    platform,
    subject: {
      platform,
      isSuperAdmin: row.is_super_admin === 1,
      isTeamAdmin: row.is_team_admin === 1,
      isManager: row.is_manager === 1,
      settings: {
        customRelationships: row.custom_relationships === 1,
        aiEnabled: row.ai_enabled === 1,
        reviewAnalytics: row.review_analytics === 1,
        userAdminView: row.user_admin_view === 1,
      },
      inDemoTeam: false,
    },
  };
}
