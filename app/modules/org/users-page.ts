import type { Platform } from "~/lib/permissions/registry";
import type { requireUsersPage, UserRow } from "./users.server";
import type { UsersQuery } from "./users.schema";

/** The Users page (002 §2.8): its address, its dialogs and the data its loader gives it. */
export const BASE = "/organization/settings/users";
export const DIALOGS = ["actions", "edit", "managers", "deactivate", "remove"] as const;
export type DialogKind = (typeof DIALOGS)[number];

/** The list's own query string (page, search, sort, filter) without the dialog parameters. */
export function listSearch(url: URL, overrides: Record<string, string | null> = {}) {
  const params = new URLSearchParams();
  for (const key of ["q", "status", "sort", "dir", "page"]) {
    const value = key in overrides ? overrides[key] : url.searchParams.get(key);
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The dialog open over the list (`?dialog=…&user=…`), with what its form needs. */
export type UserDialogData = {
  kind: DialogKind;
  user: {
    id: string;
    name: string;
    title: string | null;
    departmentId: string | null;
    roleId: string | null;
    status: UserRow["status"];
  };
  departments?: Array<{ id: string; name: string }>;
  roles?: Array<{ id: string; name: string }>;
  managers?: ManagerChoices;
};

/** The managers form's choices (the Users page's dialog and a profile's): ticked people first, then others to tick. */
export interface ManagerChoices {
  search: string;
  ticked: Array<{ id: string; name: string; email: string }>;
  candidates: Array<{ id: string; name: string; email: string }>;
  more: boolean;
}

export type UsersPageData = {
  platform: Platform;
  viewerId: string;
  canUpdateManagers: boolean;
  query: UsersQuery;
  back: string;
  dialog: UserDialogData | null;
} & Awaited<ReturnType<typeof requireUsersPage>>["list"];
