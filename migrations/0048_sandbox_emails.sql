CREATE TABLE `sandbox_emails` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`attachments` text NOT NULL,
	`at` integer NOT NULL
);
