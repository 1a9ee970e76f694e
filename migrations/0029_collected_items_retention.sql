CREATE INDEX `collected_items_collected` ON `collected_items` (`collected_at`);--> statement-breakpoint
-- Answers of flows deleted before a flow's deletion took its answers with it (issue 39).
DELETE FROM `collected_items` WHERE `flow_id` IN (SELECT `id` FROM `flows` WHERE `deleted_at` IS NOT NULL);