CREATE TABLE `ai_credit_uses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`credits` integer NOT NULL,
	`feature` text NOT NULL,
	`subject_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ai_credit_uses_user_month` ON `ai_credit_uses` (`user_id`,`month`);--> statement-breakpoint
CREATE TABLE `flow_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`flow_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`steps` text NOT NULL,
	`edges` text NOT NULL,
	`content_hash` text NOT NULL,
	`seq` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`flow_id`) REFERENCES `flows`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flow_versions_content` ON `flow_versions` (`flow_id`,`content_hash`);--> statement-breakpoint
CREATE INDEX `flow_versions_flow_seq` ON `flow_versions` (`flow_id`,`seq`);--> statement-breakpoint
CREATE TABLE `flows` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`steps` text NOT NULL,
	`edges` text NOT NULL,
	`content_hash` text NOT NULL,
	`edit_seq` integer NOT NULL,
	`generated_hash` text,
	`generated_at` integer,
	`live_version_id` text,
	`post_id` text,
	`post_armed` integer NOT NULL,
	`armed_version_id` text,
	`runtime_problem` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `flows_user_created` ON `flows` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `flows_account_status` ON `flows` (`account_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `flows_post` ON `flows` (`post_id`) WHERE "flows"."post_id" IS NOT NULL AND "flows"."deleted_at" IS NULL;