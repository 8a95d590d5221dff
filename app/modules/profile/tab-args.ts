import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Viewer } from "~/modules/auth/session.server";
import type { ProfileBaseKind } from "~/modules/org/profile-tabs";
import type { ProfilePerson } from "~/modules/org/profile.server";

/** What every profile tab's loader and action is given: the profile already passed the access check of its path. */
export interface ProfileTabArgs {
  request: Request;
  context: AppLoadContext;
  viewer: Viewer;
  person: ProfilePerson;
  isOwn: boolean;
  kind: ProfileBaseKind;
  /** e.g. /my-team/default/users/u-acme-eve: the tab links of the page are `${basePath}/${tab}`. */
  basePath: string;
  url: URL;
  relationshipId?: string;
  groupId?: string;
}
