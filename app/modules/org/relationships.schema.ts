import { z } from "zod";

const REQUIRED = "This is a required field.";

const name = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .max(100, { error: "The name can be at most 100 characters." });

const id = z.string({ error: REQUIRED }).min(1, { error: REQUIRED }).max(200);

/** Custom relationships page forms (002 §2.8 relationships); each form posts a hidden `intent`. */
export const CreateRelationshipSchema = z.object({ intent: z.literal("create"), name });
export const RenameRelationshipSchema = z.object({ intent: z.literal("rename"), relationshipId: id, name });
export const RemoveRelationshipSchema = z.object({ intent: z.literal("remove"), relationshipId: id });
export const AttachMemberSchema = z.object({ intent: z.literal("attach"), relationshipId: id, userId: id });
export const DetachMemberSchema = z.object({ intent: z.literal("detach"), relationshipId: id, userId: id });
/** The file itself is checked by readSpreadsheet (type, content, size); here only its presence. */
export const UploadMembersSchema = z.object({
  intent: z.literal("upload"),
  relationshipId: id,
  file: z.instanceof(File, { error: REQUIRED }).refine((f) => f.size > 0 && f.name !== "", { error: REQUIRED }),
});

export const RELATIONSHIP_INTENTS = ["create", "rename", "remove", "attach", "detach", "upload"] as const;
export type RelationshipIntent = (typeof RELATIONSHIP_INTENTS)[number];

export const NAME_TAKEN = "A relationship with this name already exists.";

/** The page's one action: every form, told apart by its `intent`; any other intent is refused. */
export const RelationshipActionSchema = z.discriminatedUnion("intent", [
  CreateRelationshipSchema,
  RenameRelationshipSchema,
  RemoveRelationshipSchema,
  AttachMemberSchema,
  DetachMemberSchema,
  UploadMembersSchema,
]);
