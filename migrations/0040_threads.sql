CREATE TABLE `target_steps` (
	`target_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`platform_post_id` text,
	`url` text,
	`cid` text,
	`error_code` text,
	`error_message` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`target_id`, `position`),
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `posts` ADD `thread` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `first_comment` text;--> statement-breakpoint
ALTER TABLE `sandbox_faults` ADD `after` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sandbox_faults` ADD `calls` integer DEFAULT 0 NOT NULL;