CREATE TABLE `ai_images` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`item_seq` integer NOT NULL,
	`alt_text` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ai_images_item` ON `ai_images` (`item_seq`);--> statement-breakpoint
CREATE INDEX `ai_images_user_month` ON `ai_images` (`user_id`,`month`);