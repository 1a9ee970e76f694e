CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`type` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`duration_ms` integer,
	`pages` integer,
	`video_codec` text,
	`audio_codec` text,
	`filename` text,
	`alt_text` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_key` ON `media` (`key`);--> statement-breakpoint
CREATE INDEX `media_user_created` ON `media` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `media_created` ON `media` (`created_at`);--> statement-breakpoint
CREATE TABLE `media_upload_parts` (
	`upload_id` text NOT NULL,
	`n` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	PRIMARY KEY(`upload_id`, `n`)
);
--> statement-breakpoint
CREATE TABLE `media_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`filename` text NOT NULL,
	`declared_type` text NOT NULL,
	`size` integer NOT NULL,
	`part_size` integer NOT NULL,
	`parts` integer NOT NULL,
	`status` text NOT NULL,
	`alt_text` text,
	`media_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `media_uploads_user` ON `media_uploads` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `media_uploads_created` ON `media_uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `media_variants` (
	`media_id` text NOT NULL,
	`fit` text NOT NULL,
	`key` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`media_id`, `fit`)
);
--> statement-breakpoint
ALTER TABLE `posts` ADD `media_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_user_media` ON `posts` (`user_id`) WHERE "posts"."media_ids" <> '[]';