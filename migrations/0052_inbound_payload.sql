ALTER TABLE `inbound_events` ADD `payload` text;--> statement-breakpoint
ALTER TABLE `inbound_events` ADD `requeues` integer DEFAULT 0 NOT NULL;