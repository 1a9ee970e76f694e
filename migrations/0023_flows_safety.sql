ALTER TABLE `flow_executions` ADD `stop_reason` text;--> statement-breakpoint
ALTER TABLE `inbound_events` ADD `lease_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `inbound_events` ADD `done_at` integer;--> statement-breakpoint
-- Events taken in before claims had leases were handed to their runner when their row was written.
UPDATE `inbound_events` SET `done_at` = `received_at`;--> statement-breakpoint
CREATE INDEX `inbound_events_open` ON `inbound_events` (`account_id`,`sender_id`,`received_at`) WHERE "inbound_events"."done_at" IS NULL;