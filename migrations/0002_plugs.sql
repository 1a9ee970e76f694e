CREATE TABLE `plug_check_counts` (
	`bucket` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `plugs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`metric` text NOT NULL,
	`threshold` integer NOT NULL,
	`action_kind` text NOT NULL,
	`action_text` text,
	`state` text NOT NULL,
	`last_value` integer,
	`last_checked_at` integer,
	`fired_at` integer,
	`error` text,
	`note` text,
	`window_start_at` integer,
	`next_check_at` integer,
	`action_platform_post_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `plugs_post` ON `plugs` (`post_id`);--> statement-breakpoint
CREATE INDEX `plugs_user_state` ON `plugs` (`user_id`,`state`);--> statement-breakpoint
CREATE INDEX `plugs_due` ON `plugs` (`state`,`next_check_at`);