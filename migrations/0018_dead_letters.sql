CREATE TABLE `dead_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`queue` text NOT NULL,
	`message_id` text NOT NULL,
	`body` text,
	`attempts` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dead_letters_message` ON `dead_letters` (`queue`,`message_id`);--> statement-breakpoint
CREATE INDEX `dead_letters_queue` ON `dead_letters` (`queue`,`created_at`);