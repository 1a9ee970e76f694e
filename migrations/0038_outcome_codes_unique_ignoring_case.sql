-- Outcome codes renamed so that no two codes differ only by case (issue 40): records written before keep reading
-- as the catalog says.
UPDATE `post_targets` SET `error_code` = 'NOT_ON_PLATFORM' WHERE `error_code` = 'NOT_FOUND';--> statement-breakpoint
UPDATE `post_targets` SET `error_code` = 'PLATFORM_RATE_LIMITED' WHERE `error_code` = 'RATE_LIMITED';--> statement-breakpoint
UPDATE `plugs` SET `error` = 'NOT_ON_PLATFORM' WHERE `error` = 'NOT_FOUND';--> statement-breakpoint
UPDATE `plugs` SET `error` = 'PLATFORM_RATE_LIMITED' WHERE `error` = 'RATE_LIMITED';
