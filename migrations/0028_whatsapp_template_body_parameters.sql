ALTER TABLE `whatsapp_templates` ADD `body_parameters` integer;--> statement-breakpoint
ALTER TABLE `sandbox_templates` ADD `body_parameters` integer;