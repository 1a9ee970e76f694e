CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`dedupe_key` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_key_unique` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `delivery_attempts` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`webhook_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event` text NOT NULL,
	`attempt` integer NOT NULL,
	`trigger` text NOT NULL,
	`ok` integer NOT NULL,
	`status` integer,
	`duration_ms` integer NOT NULL,
	`error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `delivery_attempts_webhook` ON `delivery_attempts` (`webhook_id`,`seq`);--> statement-breakpoint
CREATE INDEX `delivery_attempts_event` ON `delivery_attempts` (`webhook_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `outbox_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`webhook_id` text NOT NULL,
	`event_id` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_pair` ON `webhook_deliveries` (`webhook_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`target_url` text NOT NULL,
	`events` text NOT NULL,
	`integration_type` text NOT NULL,
	`account_ids` text NOT NULL,
	`active` integer NOT NULL,
	`secret_sealed` text NOT NULL,
	`consecutive_failures` integer NOT NULL,
	`start_seq` integer NOT NULL,
	`switched_off_at` integer,
	`last_delivery_at` integer,
	`last_status` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhooks_user_url` ON `webhooks` (`user_id`,`target_url`);