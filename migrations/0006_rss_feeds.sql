CREATE TABLE `rss_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`url` text NOT NULL,
	`platforms` text NOT NULL,
	`account_ids` text NOT NULL,
	`mode` text NOT NULL,
	`template` text,
	`image` text NOT NULL,
	`daily_cap` integer NOT NULL,
	`paused` integer NOT NULL,
	`stopped_at` integer,
	`consecutive_failures` integer NOT NULL,
	`primed` integer NOT NULL,
	`etag` text,
	`last_modified` text,
	`last_checked_at` integer,
	`last_error` text,
	`next_check_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rss_feeds_user_url` ON `rss_feeds` (`user_id`,`url`);--> statement-breakpoint
CREATE INDEX `rss_feeds_due` ON `rss_feeds` (`next_check_at`);--> statement-breakpoint
CREATE TABLE `rss_items` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`feed_id` text NOT NULL,
	`user_id` text NOT NULL,
	`item_key` text NOT NULL,
	`title` text NOT NULL,
	`link` text,
	`summary` text NOT NULL,
	`image_url` text,
	`status` text NOT NULL,
	`ai_day` text,
	`post_ids` text NOT NULL,
	`error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rss_items_feed_key` ON `rss_items` (`feed_id`,`item_key`);--> statement-breakpoint
CREATE INDEX `rss_items_feed_status` ON `rss_items` (`feed_id`,`status`,`seq`);--> statement-breakpoint
CREATE INDEX `rss_items_user_day` ON `rss_items` (`user_id`,`ai_day`);