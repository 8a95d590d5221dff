CREATE TABLE `generated_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`requested_by` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`scope` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`file_id` text,
	`error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `generated_reports_requester` ON `generated_reports` (`company_id`,`requested_by`,`created_at`);--> statement-breakpoint
CREATE TABLE `report_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`user_id` text NOT NULL,
	`shared_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_shares_unique` ON `report_shares` (`campaign_id`,`reviewee_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `report_shares_user` ON `report_shares` (`company_id`,`user_id`,`created_at`);