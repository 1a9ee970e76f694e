CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`name` text NOT NULL,
	`platform_user_id` text NOT NULL,
	`text_limit` integer NOT NULL,
	`group_id` text,
	`status` text NOT NULL,
	`subscription_tier` text,
	`destinations` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `accounts_user` ON `accounts` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_platform_identity` ON `accounts` (`platform`,`platform_user_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`account_id` text,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`dedupe_key` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_id_unique` ON `events` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `events_dedupe_key_unique` ON `events` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `events_user_seq` ON `events` (`user_id`,`seq`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`last_run_at` integer NOT NULL,
	`last_duration_ms` integer NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_calls` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`platform` text NOT NULL,
	`account_id` text NOT NULL,
	`platform_post_id` text NOT NULL,
	`parent_platform_post_id` text,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sandbox_calls_account` ON `sandbox_calls` (`account_id`);--> statement-breakpoint
CREATE TABLE `sandbox_faults` (
	`platform` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`remaining` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_metrics` (
	`platform_post_id` text PRIMARY KEY NOT NULL,
	`likes` integer NOT NULL,
	`comments` integer NOT NULL,
	`reposts` integer NOT NULL,
	`views` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_profiles` (
	`account_id` text PRIMARY KEY NOT NULL,
	`subscription_tier` text
);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_unique` ON `api_keys` (`hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user` ON `api_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`plan` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`response_status` integer,
	`response_body` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_created` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `post_targets` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`metadata` text NOT NULL,
	`request` text NOT NULL,
	`position` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`dispatched_at` integer,
	`platform_post_id` text,
	`url` text,
	`error_code` text,
	`error_message` text,
	`published_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `post_targets_post` ON `post_targets` (`post_id`);--> statement-breakpoint
CREATE INDEX `post_targets_status` ON `post_targets` (`status`,`dispatched_at`);--> statement-breakpoint
CREATE INDEX `post_targets_platform_post` ON `post_targets` (`platform_post_id`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`text` text NOT NULL,
	`media` text NOT NULL,
	`schedule_type` text NOT NULL,
	`scheduled_at` integer,
	`timezone` text,
	`platform_overrides` text NOT NULL,
	`version` integer NOT NULL,
	`dispatch_token` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `posts_user_created` ON `posts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_due` ON `posts` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `posts_dispatch` ON `posts` (`dispatch_token`);--> statement-breakpoint
CREATE TABLE `short_links` (
	`code` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`post_id` text NOT NULL,
	`target_id` text NOT NULL,
	`clicks` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `signatures` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `signatures_user` ON `signatures` (`user_id`);