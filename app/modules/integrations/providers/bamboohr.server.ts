import { z } from "zod";
import { blankToNull, fetchHris, HrisRefusal, readJson, type HrisEmployee } from "./types";

/**
 * BambooHR's employee directory: GET {base}/{subdomain}/v1/employees/directory, HTTP basic auth
 * with the API key as the user name (any password), JSON when asked for it.
 */
const id = z.union([z.string(), z.number()]).transform(String);
const optionalText = z.string().nullish();

const DirectorySchema = z.object({
  employees: z.array(
    z.looseObject({
      id,
      displayName: optionalText,
      firstName: optionalText,
      lastName: optionalText,
      workEmail: optionalText,
      jobTitle: optionalText,
      department: optionalText,
      // The directory's supervisor fields depend on the company's field set; the id is used when present.
      supervisorEid: id.nullish(),
      supervisorId: id.nullish(),
    }),
  ),
});

export function bamboohrRequest(baseUrl: string, domain: string, apiKey: string) {
  const url = `${baseUrl.replace(/\/$/, "")}/${encodeURIComponent(domain)}/v1/employees/directory`;
  return {
    url,
    init: { headers: { Accept: "application/json", Authorization: `Basic ${btoa(`${apiKey}:x`)}` } } satisfies RequestInit,
  };
}

export function parseBamboohrDirectory(body: unknown): HrisEmployee[] {
  const parsed = DirectorySchema.safeParse(body);
  if (!parsed.success) throw new HrisRefusal(`BambooHR answered with unexpected data: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data.employees.map((e) => ({
    hrisId: e.id,
    name: blankToNull(e.displayName) ?? ([e.firstName, e.lastName].filter(Boolean).join(" ").trim() || e.id),
    email: blankToNull(e.workEmail),
    title: blankToNull(e.jobTitle),
    department: blankToNull(e.department),
    managerHrisId: e.supervisorEid ?? e.supervisorId ?? null,
  }));
}

export async function fetchBamboohrEmployees(baseUrl: string, domain: string, apiKey: string) {
  const { url, init } = bamboohrRequest(baseUrl, domain, apiKey);
  return parseBamboohrDirectory(await readJson(await fetchHris(url, init, "BambooHR"), "BambooHR"));
}
