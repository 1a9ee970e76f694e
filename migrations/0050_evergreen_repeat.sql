ALTER TABLE `posts` ADD `repeat` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_of` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_after` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_index` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_state` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_claim` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_claimed_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `repeat_stopped` text;--> statement-breakpoint
CREATE UNIQUE INDEX `posts_repeat_after` ON `posts` (`repeat_after`);--> statement-breakpoint
CREATE INDEX `posts_repeat_of` ON `posts` (`repeat_of`);--> statement-breakpoint
CREATE INDEX `posts_repeat_pending` ON `posts` (`repeat_state`) WHERE "posts"."repeat_state" IS NOT NULL;