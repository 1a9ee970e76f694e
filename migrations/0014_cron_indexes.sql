DROP INDEX `post_targets_post`;--> statement-breakpoint
CREATE INDEX `post_targets_post` ON `post_targets` (`post_id`,`status`);--> statement-breakpoint
CREATE INDEX `connect_states_expiry` ON `connect_states` (`expires_at`);--> statement-breakpoint
CREATE INDEX `plug_check_counts_expiry` ON `plug_check_counts` (`expires_at`);--> statement-breakpoint
CREATE INDEX `plugs_window` ON `plugs` (`state`,`window_start_at`);