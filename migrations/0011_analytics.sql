CREATE TABLE `metric_samples` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_id` text NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`likes` integer NOT NULL,
	`comments` integer NOT NULL,
	`reposts` integer NOT NULL,
	`views` integer NOT NULL,
	`source` text NOT NULL,
	`read_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `metric_samples_target` ON `metric_samples` (`target_id`,`read_at`);--> statement-breakpoint
CREATE INDEX `post_targets_user_status` ON `post_targets` (`user_id`,`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `post_targets_published` ON `post_targets` (`status`,`published_at`);