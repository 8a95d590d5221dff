import type { Platform } from "~/lib/permissions/registry";
import type { ManagerChoices } from "~/modules/org/users-page";
import type { ProfileBaseKind, ProfileTab, ProfileTabId } from "~/modules/org/profile-tabs";
import type { ProfileData } from "~/modules/org/profile.server";
import type { ProfileTabData } from "./tab-data.server";

/** What a profile page's loader hands its page (routes/profile.tsx). */
export interface ProfilePageData extends ProfileData {
  platform: Platform;
  viewerId: string;
  permissions: string[];
  isOwn: boolean;
  kind: ProfileBaseKind;
  basePath: string;
  tabs: ProfileTab[];
  activeTab: ProfileTabId;
  tabData: ProfileTabData;
  /** The managers form's choices, when `?dialog=managers` opened it (UpdateUserManagers); else null. */
  managersDialog: ManagerChoices | null;
  crumbLabels: Record<string, string>;
}
