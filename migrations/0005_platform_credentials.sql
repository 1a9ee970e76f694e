CREATE TABLE `account_credentials` (
	`account_id` text PRIMARY KEY NOT NULL,
	`sealed` text NOT NULL,
	`expires_at` integer,
	`refresh_lease_until` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `account_credentials_expiry` ON `account_credentials` (`expires_at`);--> statement-breakpoint
CREATE TABLE `connect_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`sealed_verifier` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
