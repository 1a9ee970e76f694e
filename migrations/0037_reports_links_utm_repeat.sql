CREATE TABLE `follower_snapshots` (
	`account_id` text NOT NULL,
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	`followers` integer,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `link_clicks` (
	`code` text NOT NULL,
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	`clicks` integer NOT NULL,
	`bots` integer NOT NULL,
	PRIMARY KEY(`code`, `day`)
);
--> statement-breakpoint
CREATE INDEX `link_clicks_user_day` ON `link_clicks` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `report_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`group_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`days` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_links_token_hash_unique` ON `report_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `report_links_group` ON `report_links` (`group_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sandbox_followers` (
	`account_id` text PRIMARY KEY NOT NULL,
	`followers` integer,
	`reads` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `post_targets` ADD `utm` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `utm` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_of` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_after` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_index` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `posts_repeat_after` ON `posts` (`repeat_after`);--> statement-breakpoint
CREATE INDEX `posts_repeat_of` ON `posts` (`repeat_of`);--> statement-breakpoint
ALTER TABLE `users` ADD `utm` text;--> statement-breakpoint
CREATE INDEX `short_links_post` ON `short_links` (`post_id`);--> statement-breakpoint
ALTER TABLE `short_links` DROP COLUMN `clicks`;