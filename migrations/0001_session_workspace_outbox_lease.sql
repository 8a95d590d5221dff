ALTER TABLE `sessions` ADD `workspace_id` text;--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `claimed_at` integer;