// The dead letters table: queue messages given up on after every retry, kept to look at.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Messages a queue gave up on after every retry (from its dead-letter queue), kept for people to look at. */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: text("id").primaryKey(),
    /** The queue the message failed on (not its dead-letter queue). */
    queue: text("queue").notNull(),
    messageId: text("message_id").notNull(),
    /** The message as it was sent, valid or not. */
    body: text("body", { mode: "json" }).$type<unknown>(),
    attempts: integer("attempts").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("dead_letters_message").on(t.queue, t.messageId),
    index("dead_letters_queue").on(t.queue, t.createdAt),
    index("dead_letters_created").on(t.createdAt),
  ],
);
