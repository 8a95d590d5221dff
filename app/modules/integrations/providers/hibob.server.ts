import { z } from "zod";
import { blankToNull, fetchHris, HrisRefusal, readJson, type HrisEmployee } from "./types";

/**
 * HiBob's people list: GET {base}/v1/people?showInactive=false&humanReadable=REPLACE (department
 * names rather than ids). The key goes in the Authorization header as given; a service user's
 * "id:token" pair is sent as HTTP basic auth.
 */
const id = z.union([z.string(), z.number()]).transform(String);
const optionalText = z.string().nullish();

const PeopleSchema = z.object({
  employees: z.array(
    z.looseObject({
      id,
      displayName: optionalText,
      firstName: optionalText,
      surname: optionalText,
      email: optionalText,
      work: z
        .looseObject({
          title: optionalText,
          department: optionalText,
          reportsTo: z.looseObject({ id: id.nullish() }).nullish(),
        })
        .nullish(),
    }),
  ),
});

export function hibobRequest(baseUrl: string, apiKey: string) {
  const authorization = apiKey.includes(":") ? `Basic ${btoa(apiKey)}` : apiKey;
  return {
    url: `${baseUrl.replace(/\/$/, "")}/v1/people?showInactive=false&humanReadable=REPLACE`,
    init: { headers: { Accept: "application/json", Authorization: authorization } } satisfies RequestInit,
  };
}

export function parseHibobPeople(body: unknown): HrisEmployee[] {
  const parsed = PeopleSchema.safeParse(body);
  if (!parsed.success) throw new HrisRefusal(`HiBob answered with unexpected data: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data.employees.map((e) => ({
    hrisId: e.id,
    name: blankToNull(e.displayName) ?? ([e.firstName, e.surname].filter(Boolean).join(" ").trim() || e.id),
    email: blankToNull(e.email),
    title: blankToNull(e.work?.title),
    department: blankToNull(e.work?.department),
    managerHrisId: e.work?.reportsTo?.id ?? null,
  }));
}

export async function fetchHibobEmployees(baseUrl: string, apiKey: string) {
  const { url, init } = hibobRequest(baseUrl, apiKey);
  return parseHibobPeople(await readJson(await fetchHris(url, init, "HiBob"), "HiBob"));
}
