ALTER TABLE `accounts` ADD `business_account_id` text;--> statement-breakpoint
CREATE INDEX `accounts_business_account` ON `accounts` (`platform`,`business_account_id`);