// Zod schemas of an account's destinations: the list, its paging, and checking one by name.
import { z } from "@hono/zod-openapi";
import { DestinationSchema } from "./accounts";
import { QueryFlag } from "./common";

export const DestinationsParam = z.object({
  accountId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "accountId", in: "path" }, example: "acct_3hZ0cQ8vXb1mK2pLr9Ta" }),
});

export const DestinationsQuery = z.object({
  fresh: QueryFlag.optional().openapi({
    description: "`1` asks the platform now instead of answering from the 5-minute cache",
  }),
});

export const DestinationCheckBody = z
  .object({
    input: z.string().trim().min(1).max(200).openapi({
      description: "What the user typed: a channel username such as `@heraldnews`, or a destination's id or name",
      example: "@heraldnews",
    }),
  })
  .openapi("DestinationCheck");

export const DestinationsSchema = z
  .object({
    mode: z.enum(["list", "manual"]).openapi({
      description:
        "`list`: pick one of `destinations` (Discord, Slack). `manual`: the user types one, checked with POST (Telegram channels); `destinations` are those checked so far.",
    }),
    destinations: z.array(DestinationSchema),
  })
  .openapi("Destinations");
