CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`person_id` text,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`status` text NOT NULL,
	`invite_hash` text,
	`expires_at` integer,
	`invited_by` text,
	`created_at` integer NOT NULL,
	`joined_at` integer,
	`last_active_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_invite_hash_unique` ON `members` (`invite_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `members_workspace_email` ON `members` (`workspace_id`,`email`);--> statement-breakpoint
CREATE INDEX `members_person` ON `members` (`person_id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `sessions` ADD `workspace_id` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `api_keys` ADD `person_id` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `users` ADD `last_workspace_id` text;--> statement-breakpoint
-- Every login founded a workspace of its own id and is its owner; its keys act for it, its sessions in it.
INSERT INTO `workspaces` (`id`, `name`, `created_at`)
  SELECT `id`, coalesce(`name`, substr(`email`, 1, instr(`email`, '@') - 1)), `created_at` FROM `users`
  WHERE `id` NOT IN (SELECT `id` FROM `workspaces`);--> statement-breakpoint
INSERT INTO `members` (`id`, `workspace_id`, `person_id`, `email`, `role`, `status`, `created_at`, `joined_at`)
  SELECT 'mem_' || lower(hex(randomblob(10))), `id`, `id`, `email`, 'owner', 'active', `created_at`, `created_at` FROM `users`
  WHERE `id` NOT IN (SELECT `workspace_id` FROM `members` WHERE `role` = 'owner');--> statement-breakpoint
UPDATE `api_keys` SET `person_id` = `user_id` WHERE `person_id` IS NULL;--> statement-breakpoint
UPDATE `sessions` SET `workspace_id` = `user_id` WHERE `workspace_id` IS NULL;
