CREATE TABLE `collected_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`flow_id` text NOT NULL,
	`flow_name` text NOT NULL,
	`execution_id` text NOT NULL,
	`step_id` text NOT NULL,
	`field_type` text NOT NULL,
	`field_label` text NOT NULL,
	`value` text NOT NULL,
	`valid` integer NOT NULL,
	`collected_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `collected_items_user_time` ON `collected_items` (`user_id`,`collected_at`,`id`);--> statement-breakpoint
CREATE INDEX `collected_items_flow_time` ON `collected_items` (`flow_id`,`collected_at`,`id`);--> statement-breakpoint
CREATE TABLE `flow_executions` (
	`id` text PRIMARY KEY NOT NULL,
	`flow_id` text NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`version_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`status` text NOT NULL,
	`step_id` text,
	`error_message` text,
	`error_node_id` text,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`flow_id`) REFERENCES `flows`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `flow_executions_flow_started` ON `flow_executions` (`flow_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `flow_executions_user_started` ON `flow_executions` (`user_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `inbound_events` (
	`account_id` text NOT NULL,
	`external_id` text NOT NULL,
	`kind` text NOT NULL,
	`sender_id` text NOT NULL,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `external_id`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `inbound_events_received` ON `inbound_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `whatsapp_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`language` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_templates_name` ON `whatsapp_templates` (`account_id`,`name`,`language`);--> statement-breakpoint
ALTER TABLE `users` ADD `admin` integer DEFAULT false NOT NULL;