// The AI credit uses table: one row per charge, counted against the plan's monthly allowance.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * AI credits a user spent: one row per charge (generate_flow 15, an AI reply 5). A user's rows of a UTC
 * month count against the plan's monthly allowance; a charge given back (the work failed) is deleted.
 */
export const aiCreditUses = sqliteTable(
  "ai_credit_uses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** The UTC calendar month (YYYY-MM) it counts in. */
    month: text("month").notNull(),
    credits: integer("credits").notNull(),
    /** What spent them: `generate_flow`, `ai_reply`. */
    feature: text("feature").notNull(),
    /** The flow (or run) they were spent on. */
    subjectId: text("subject_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("ai_credit_uses_user_month").on(t.userId, t.month), index("ai_credit_uses_month").on(t.month)],
);
