import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Viewer } from "~/modules/auth/session.server";
import { AUDIENCE_REQUIRED, NOMINATIONS_NOT_STARTED } from "./campaign-machine";
import { keptAnswer, type CampaignDetail } from "./campaigns.server";
import { launchPageData, nomineesWithoutManagers } from "./launch.server";
import { formValuesOf } from "./launch.schema";

/** Alerts the page shows after a refused launch, by code (the texts are 000 §5's). */
const BLOCKED: Record<string, string> = { nominations: NOMINATIONS_NOT_STARTED, audience: AUDIENCE_REQUIRED };

type Confirm = "launch" | "nominations" | "cancelNominations";

const BLANK = {
  title: "",
  workspaceId: null,
  groupId: null,
  templateId: null,
  startAt: null,
  endAt: null,
  anonymous: false,
  automaticClose: false,
  shareConfig: null,
  departmentFilter: null,
};

/**
 * What the Launch Review form shows (000 §2) for a new review (`draft` null) or a draft: its
 * values, the page's choices and audience, and the step the address asks for (a confirmation,
 * an upload's refused rows, a refused launch's alert).
 */
export async function launchFormData(context: AppLoadContext, viewer: Viewer, draft: CampaignDetail | null, url: URL) {
  const values = draft ? formValuesOf(draft) : { ...formValuesOf(BLANK), reviewTemplate: url.searchParams.get("reviewTemplateId") ?? "" };
  const pairsPage = Math.max(1, Math.min(10_000, Number(url.searchParams.get("pairsPage")) || 1));
  const page = await launchPageData(context, viewer, draft, {
    channelId: values.channel || null,
    pairsPage,
    nomineeQuery: (url.searchParams.get("nq") ?? "").slice(0, 100),
  });
  const confirmKind = url.searchParams.get("confirm") as Confirm | null;
  const confirm =
    draft && (confirmKind === "launch" || confirmKind === "nominations" || confirmKind === "cancelNominations")
      ? {
          kind: confirmKind,
          requestId: crypto.randomUUID(),
          scheduled: draft.startAt !== null && draft.startAt > Date.now(),
          nominees: draft.nominationAudience.length,
          withoutManagers:
            confirmKind === "nominations" ? await nomineesWithoutManagers(context.db, viewer.company.id, draft.nominationAudience) : [],
        }
      : null;
  const uploadId = url.searchParams.get("upload");
  const upload = draft && uploadId ? await keptAnswer(context, viewer, draft.id, uploadId) : null;
  const blocked = BLOCKED[url.searchParams.get("blocked") ?? ""] ?? null;
  return {
    launched: null,
    id: draft?.id ?? crypto.randomUUID(),
    isNew: !draft,
    platform: viewer.company.platform,
    anonymityFloor: viewer.company.anonymityFloor,
    values,
    nominationAudience: draft?.nominationAudience.length ?? 0,
    nominationStarted: draft?.nominationStartedAt != null,
    confirm,
    rejected: upload?.ok ? upload.rejected ?? null : null,
    uploadKind: url.searchParams.get("uploadKind") === "nominees" ? ("nominees" as const) : ("pairs" as const),
    blocked,
    ...page,
  };
}
