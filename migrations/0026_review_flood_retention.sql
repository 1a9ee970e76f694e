DROP INDEX `review_decisions_link`;--> statement-breakpoint
ALTER TABLE `review_decisions` ADD `typed_name` text;--> statement-breakpoint
CREATE INDEX `review_decisions_link` ON `review_decisions` (`link_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ai_credit_uses_month` ON `ai_credit_uses` (`month`);--> statement-breakpoint
CREATE INDEX `dead_letters_created` ON `dead_letters` (`created_at`);--> statement-breakpoint
CREATE INDEX `events_created` ON `events` (`created_at`);--> statement-breakpoint
CREATE INDEX `flow_executions_ended` ON `flow_executions` (`ended_at`);--> statement-breakpoint
CREATE INDEX `notifications_created` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE INDEX `sessions_expiry` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `delivery_attempts_created` ON `delivery_attempts` (`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_finished` ON `webhook_deliveries` (`status`,`updated_at`);