CREATE TABLE `inbox_poll_cursors` (
	`account_id` text PRIMARY KEY NOT NULL,
	`cursor` text,
	`polled_at` integer DEFAULT 0 NOT NULL,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
