CREATE TABLE `account_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_groups_user_name` ON `account_groups` (`user_id`,`name`);--> statement-breakpoint
CREATE TABLE `client_invite_accounts` (
	`invite_id` text NOT NULL,
	`account_id` text NOT NULL,
	`connected_at` integer NOT NULL,
	PRIMARY KEY(`invite_id`, `account_id`),
	FOREIGN KEY (`invite_id`) REFERENCES `client_invites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `client_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`group_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`platforms` text NOT NULL,
	`max_accounts` integer NOT NULL,
	`places_taken` integer NOT NULL,
	`accounts_added` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_invites_token_hash_unique` ON `client_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `client_invites_user` ON `client_invites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `client_invites_group` ON `client_invites` (`group_id`);--> statement-breakpoint
ALTER TABLE `connect_states` ADD `browser_hash` text;--> statement-breakpoint
ALTER TABLE `connect_states` ADD `invite_id` text;--> statement-breakpoint
ALTER TABLE `connect_states` ADD `sealed_invite_token` text;--> statement-breakpoint
ALTER TABLE `users` ADD `name` text;