CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`kind` text NOT NULL,
	`thread_key` text NOT NULL,
	`contact_id` text NOT NULL,
	`contact_name` text,
	`contact_handle` text,
	`contact_avatar_url` text,
	`platform_post_id` text,
	`post_id` text,
	`reply_to_id` text,
	`last_text` text DEFAULT '' NOT NULL,
	`last_at` integer NOT NULL,
	`last_direction` text NOT NULL,
	`last_inbound_at` integer,
	`window_closes_at` integer,
	`unread` integer DEFAULT true NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`assignee_id` text,
	`labels` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_thread` ON `conversations` (`account_id`,`thread_key`);--> statement-breakpoint
CREATE INDEX `conversations_user_activity` ON `conversations` (`user_id`,`last_at`,`id`);--> statement-breakpoint
CREATE TABLE `inbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`direction` text NOT NULL,
	`text` text NOT NULL,
	`media` text,
	`at` integer NOT NULL,
	`author_id` text NOT NULL,
	`author_name` text,
	`platform_message_id` text,
	`reply_to_id` text,
	`private` integer DEFAULT false NOT NULL,
	`state` text NOT NULL,
	`error_code` text,
	`error_message` text,
	`ambiguous` integer DEFAULT false NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbox_messages_platform_id` ON `inbox_messages` (`account_id`,`platform_message_id`) WHERE "inbox_messages"."platform_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inbox_messages_conversation` ON `inbox_messages` (`conversation_id`,`at`,`id`);
