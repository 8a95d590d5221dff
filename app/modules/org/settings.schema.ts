import { z } from "zod";
import { DEFAULT_ANONYMITY_FLOOR, MAX_ANONYMITY_FLOOR } from "~/modules/access/anonymity";
import { sharedCopy } from "~/lib/copy";

const REQUIRED = "This is a required field.";

const FLOOR_INVALID = sharedCopy.anonymityFloorInvalid(DEFAULT_ANONYMITY_FLOOR, MAX_ANONYMITY_FLOOR);

/**
 * The Settings modal's form (002 §2.8: colour scale Default or Reverse) and the company's
 * anonymity minimum (app/modules/access/anonymity.ts): never below the default floor.
 */
export const CompanySettingsSchema = z.object({
  colorScale: z.enum(["default", "reverse"], { error: REQUIRED }),
  anonymityFloor: z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : FLOOR_INVALID) })
    .int(FLOOR_INVALID)
    .min(DEFAULT_ANONYMITY_FLOOR, FLOOR_INVALID)
    .max(MAX_ANONYMITY_FLOOR, FLOOR_INVALID)
    // A client that posts only the colour scale keeps the company's current minimum.
    .optional(),
  redirectTo: z.string().max(2000).optional(),
});

/** The super admin's User/Admin view switch (002 §2.2, §4). */
export const ViewSwitchSchema = z.object({
  view: z.enum(["USER", "ADMIN"], { error: REQUIRED }),
  redirectTo: z.string().max(2000).optional(),
});
