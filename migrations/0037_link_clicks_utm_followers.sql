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
CREATE TABLE `sandbox_followers` (
	`account_id` text PRIMARY KEY NOT NULL,
	`followers` integer,
	`reads` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `post_targets` ADD `utm` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `utm` text;--> statement-breakpoint
ALTER TABLE `users` ADD `utm` text;--> statement-breakpoint
CREATE INDEX `short_links_post` ON `short_links` (`post_id`);--> statement-breakpoint
ALTER TABLE `short_links` DROP COLUMN `clicks`;