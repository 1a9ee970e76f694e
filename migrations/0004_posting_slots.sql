CREATE TABLE `posting_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account_ids` text NOT NULL,
	`weekday` integer NOT NULL,
	`minutes` integer NOT NULL,
	`timezone` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `posting_slots_user` ON `posting_slots` (`user_id`);--> statement-breakpoint
CREATE TABLE `slot_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`slot_id` text NOT NULL,
	`at` integer NOT NULL,
	`account_ids` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `slot_holds_user` ON `slot_holds` (`user_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `slot_holds_expiry` ON `slot_holds` (`expires_at`);--> statement-breakpoint
CREATE INDEX `posts_user_scheduled` ON `posts` (`user_id`,`scheduled_at`);