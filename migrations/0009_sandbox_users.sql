CREATE TABLE `sandbox_users` (
	`user_id` text PRIMARY KEY NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Backfill (hand-written): users the sandbox made before this table existed. Sandbox-made users have
-- @herald.local addresses (the demo seed's and the generated ones); without this a local database's demo
-- users could no longer be signed in again by `npm start`.
INSERT INTO `sandbox_users` (`user_id`) SELECT `id` FROM `users` WHERE `email` LIKE '%@herald.local';
