import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { matchRoute } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";
import { DEFAULT_PROFILE_TAB, parseProfilePath, profileTabs, type ProfileTabId } from "~/modules/org/profile-tabs";
import { loadProfile, personExists, type ProfileBase } from "~/modules/org/profile.server";
import { ProfilePage } from "~/modules/profile/components/profile-page";
import { loadManagersDialog } from "~/modules/profile/managers.server";
import { runProfileAction } from "~/modules/profile/profile-action.server";
import type { ProfilePageData } from "~/modules/profile/profile-page-data";
import { ProfileActionSchema } from "~/modules/profile/profile.schema";
import type { ProfileTabArgs } from "~/modules/profile/tab-args";
import { loadProfileTab } from "~/modules/profile/tab-data.server";
import { MissingRecordBoundary } from "~/ui/missing-record";

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * A person's profile under any of its bases (002 §2.6), for the loader and the action alike. The
 * route's own permission is checked first; the person (and the relationship or group in the path)
 * must belong to the viewer's company and the person must really be in that relationship or group
 * with the viewer (or the viewer reads everyone: app/modules/access/people.server.ts), otherwise 404.
 */
async function openProfile(request: Request, context: LoaderFunctionArgs["context"]) {
  const url = new URL(request.url);
  const match = matchRoute(url.pathname);
  const path = parseProfilePath(url.pathname);
  if (!match?.entry.permission || !path) throw notFound();
  const viewer = await requirePermission(request, context, match.entry.permission);
  // 002 §2.1: "A bare user path redirects to feedback-insights" (after the permission check).
  if (!path.tab) throw redirect(`${path.basePath}/${DEFAULT_PROFILE_TAB}${url.search}`);
  const companyId = viewer.company.id;
  const isOwn = path.userId === viewer.user.id;

  // /my-profile is always one's own: a colleague's id leads to one's own profile (same tab);
  // an id that is not a person of this company is a 404 like any other foreign record.
  if (path.kind === "my-profile" && !isOwn) {
    if (await personExists(context.db, companyId, path.userId)) {
      throw redirect(`/my-profile/${encodeURIComponent(viewer.user.id)}/${path.tab}`);
    }
    throw notFound();
  }

  const tabs = profileTabs(path.kind, isOwn, viewer.permissions);
  const tab = tabs.find((t) => t.id === path.tab);
  // A tab this viewer does not get here (e.g. Performance on one's own profile): the default tab.
  if (!tab) throw redirect(`${path.basePath}/${DEFAULT_PROFILE_TAB}`);

  const base: ProfileBase =
    path.kind === "my-team"
      ? { kind: "my-team", relationshipId: path.relationshipId! }
      : path.kind === "my-groups"
        ? { kind: "my-groups", groupId: path.groupId! }
        : { kind: path.kind };
  const profile = await loadProfile(context.db, viewer, path.userId, base);
  if (!profile) throw notFound();
  const args: ProfileTabArgs = {
    request,
    context,
    viewer,
    person: profile.person,
    isOwn,
    kind: path.kind,
    basePath: path.basePath,
    url,
    ...(path.relationshipId ? { relationshipId: path.relationshipId } : {}),
    ...(path.groupId ? { groupId: path.groupId } : {}),
  };
  return { path, tabs, tab: tab.id as ProfileTabId, profile, args };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { path, tabs, tab, profile, args } = await openProfile(request, context);
  const crumbLabels: Record<string, string> = { userId: profile.person.name };
  if (path.relationshipId && profile.contextName) crumbLabels.relationshipId = profile.contextName;
  if (path.groupId && profile.contextName) crumbLabels.groupId = profile.contextName;
  const page: ProfilePageData = {
    ...profile,
    platform: args.viewer.company.platform,
    viewerId: args.viewer.user.id,
    permissions: args.viewer.permissions,
    isOwn: args.isOwn,
    kind: path.kind,
    basePath: path.basePath,
    tabs,
    activeTab: tab,
    tabData: await loadProfileTab(tab, args),
    managersDialog: await loadManagersDialog(args),
    crumbLabels,
  };
  return data(page);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { args } = await openProfile(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ProfileActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return runProfileAction(args, submission.value);
}

export const meta = pageMeta;

/** 002 §2.6: a person who is not there, or not to be seen from this path, is 'User Profile not found!' (still a 404). */
export function ErrorBoundary() {
  return <MissingRecordBoundary icon="user" title={sharedCopy.userProfileNotFound} backTo="/" backLabel={sharedCopy.backToMyProfile} />;
}

export default function ProfileRoute() {
  return <ProfilePage data={useLoaderData<typeof loader>() as unknown as ProfilePageData} />;
}
