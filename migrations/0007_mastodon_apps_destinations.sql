CREATE TABLE `oauth_apps` (
	`platform` text NOT NULL,
	`server_url` text NOT NULL,
	`client_id` text NOT NULL,
	`sealed_secret` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`platform`, `server_url`)
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `destinations_read_at` integer;--> statement-breakpoint
ALTER TABLE `connect_states` ADD `server_url` text;