CREATE TABLE `review_decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	`link_id` text,
	`kind` text NOT NULL,
	`reviewer_name` text NOT NULL,
	`comment` text,
	`post_version` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `review_decisions_post` ON `review_decisions` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `review_decisions_link` ON `review_decisions` (`link_id`);--> statement-breakpoint
CREATE TABLE `review_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`reviewer_name` text,
	`allow_comments` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_links_token_hash_unique` ON `review_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `review_links_post` ON `review_links` (`post_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `approval` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `approval_comment` text;