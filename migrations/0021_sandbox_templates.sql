CREATE TABLE `sandbox_templates` (
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`language` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	PRIMARY KEY(`account_id`, `name`, `language`)
);
