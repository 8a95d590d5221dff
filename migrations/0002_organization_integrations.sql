CREATE TABLE `integration_sync_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`integration_id` text NOT NULL,
	`requested_by` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`deactivated` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `integration_sync_runs_integration` ON `integration_sync_runs` (`company_id`,`integration_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `integrations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`type` text NOT NULL,
	`domain` text NOT NULL,
	`api_key_ciphertext` text NOT NULL,
	`api_key_iv` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_synced_at` integer
);
--> statement-breakpoint
CREATE INDEX `integrations_company` ON `integrations` (`company_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `hris_id` text;