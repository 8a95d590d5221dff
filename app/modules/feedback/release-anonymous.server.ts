import type { Db } from "~/db/client.server";
import type { Writes } from "~/db/write-plan";

/**
 * The giving part's release of a closed run's anonymous items (give-writes.server.ts,
 * `planReleaseAnonymous`), which the close-run plan commits in its own batch. Found by the
 * bundler when that module is part of the build; until then no anonymous loop item can exist
 * (only that module writes loop items), so there is nothing to release.
 */
type Release = (db: Db, run: { id: string; companyId: string; deadlineAt: Date }) => Promise<Writes>;

const giving = import.meta.glob<{ planReleaseAnonymous?: Release }>("./give-writes.server.ts", { eager: true });

export const planReleaseAnonymous: Release =
  Object.values(giving)[0]?.planReleaseAnonymous ?? (async () => []);
