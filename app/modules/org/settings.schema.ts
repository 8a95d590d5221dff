import { z } from "zod";

const REQUIRED = "This is a required field.";

/** The Settings modal's form (002 §2.8: colour scale Default or Reverse). */
export const CompanySettingsSchema = z.object({
  colorScale: z.enum(["default", "reverse"], { error: REQUIRED }),
  redirectTo: z.string().max(2000).optional(),
});

/** The super admin's User/Admin view switch (002 §2.2, §4). */
export const ViewSwitchSchema = z.object({
  view: z.enum(["USER", "ADMIN"], { error: REQUIRED }),
  redirectTo: z.string().max(2000).optional(),
});
