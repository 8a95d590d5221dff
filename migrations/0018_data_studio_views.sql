CREATE TABLE `data_studio_views` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`view` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `data_studio_views_owner` ON `data_studio_views` (`company_id`,`user_id`,`updated_at`);