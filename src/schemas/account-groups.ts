// Zod schemas of account groups: a group, its create and update bodies.
import { z } from "@hono/zod-openapi";

const GroupName = z.string().trim().min(1).max(100).openapi({ example: "Acme Bakery" });
const AccountIds = z
  .array(z.string().min(1).max(100))
  .max(500)
  .openapi({ description: "Exactly the accounts in the group; each leaves any other group it was in" });

export const GroupSchema = z
  .object({
    id: z.string().openapi({ example: "grp_3hZ0cQ8vXb1mK2pLr9Ta" }),
    name: z.string(),
    account_ids: z.array(z.string()).openapi({ description: "The accounts in the group, oldest first" }),
    created_at: z.string(),
  })
  .openapi("AccountGroup");

export const GroupCreateSchema = z
  .object({ name: GroupName, account_ids: AccountIds.optional() })
  .strict()
  .openapi("AccountGroupCreate", { description: "`name` is unique among your groups" });

export const GroupUpdateSchema = z
  .object({ name: GroupName.optional(), account_ids: AccountIds.optional() })
  .strict()
  .openapi("AccountGroupUpdate", { description: "Fields given replace the group's" });

export const AccountGroupPatch = z
  .object({
    group_id: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .openapi({ description: "The group to move the account into; null takes it out of its group" }),
  })
  .strict()
  .openapi("ConnectedAccountUpdate");
