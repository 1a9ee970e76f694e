CREATE TABLE `report_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`schedule_id` text NOT NULL,
	`user_id` text NOT NULL,
	`period` text NOT NULL,
	`from_at` integer NOT NULL,
	`to_at` integer NOT NULL,
	`recipient` text NOT NULL,
	`state` text NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	`mail_id` text,
	`error_code` text,
	`error_message` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`schedule_id`) REFERENCES `report_schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_mails_once` ON `report_mails` (`schedule_id`,`period`,`recipient`);--> statement-breakpoint
CREATE INDEX `report_mails_unsettled` ON `report_mails` (`created_at`) WHERE "report_mails"."state" IN ('pending', 'sending');--> statement-breakpoint
CREATE TABLE `report_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`group_id` text NOT NULL,
	`every` text NOT NULL,
	`format` text NOT NULL,
	`recipients` text NOT NULL,
	`next_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group_id`) REFERENCES `account_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_schedules_user` ON `report_schedules` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `report_schedules_due` ON `report_schedules` (`next_at`);