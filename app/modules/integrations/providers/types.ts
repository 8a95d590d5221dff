import { parseRetryAfter } from "~/lib/retry-after";
/** One person as an HR system lists them, in the app's terms. */
export interface HrisEmployee {
  hrisId: string;
  name: string;
  email: string | null;
  title: string | null;
  department: string | null;
  /** The supervisor's HRIS id, when the HR system names one. */
  managerHrisId: string | null;
}

/** The HR system answered in a way retrying cannot fix (bad key, unexpected data): the run fails. */
export class HrisRefusal extends Error {}

/** The HR system asked us to come back later (429) or could not be reached: the queue retries. */
export class HrisRetryLater extends Error {
  constructor(
    message: string,
    readonly delaySeconds: number | null,
  ) {
    super(message);
  }
}

/** Seconds from a Retry-After header (seconds or an HTTP date), clamped to what a queue accepts. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  const seconds = parseRetryAfter(header, now);
  return seconds === undefined ? null : Math.min(43_200, Math.max(1, seconds));
}

/** Common answers of an HR system's HTTP API: throws for anything but a 2xx with a JSON body. */
export async function readJson(response: Response, provider: string): Promise<unknown> {
  if (response.status === 401 || response.status === 403) {
    throw new HrisRefusal(`The HR system refused the API key (${response.status})`);
  }
  if (response.status === 429) {
    throw new HrisRetryLater(`${provider} is rate limiting (429)`, retryAfterSeconds(response.headers.get("Retry-After")));
  }
  if (response.status === 404) throw new HrisRefusal(`${provider} does not know this domain (404)`);
  if (response.status >= 500) throw new HrisRetryLater(`${provider} answered ${response.status}`, null);
  if (!response.ok) throw new HrisRefusal(`${provider} answered ${response.status}`);
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new HrisRefusal(`${provider} answered with malformed JSON`);
  }
}

export async function fetchHris(url: string, init: RequestInit, provider: string) {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new HrisRetryLater(`${provider} could not be reached: ${error instanceof Error ? error.message : String(error)}`, null);
  }
}

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
export { blankToNull };
