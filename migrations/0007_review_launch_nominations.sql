CREATE TABLE `review_nominations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_nominations_unique` ON `review_nominations` (`campaign_id`,`reviewee_id`);--> statement-breakpoint
CREATE INDEX `review_nominations_campaign` ON `review_nominations` (`company_id`,`campaign_id`,`state`);--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `share_config` text;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `department_filter` text;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `nomination_audience` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `nomination_started_at` integer;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `template_title` text;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `template_blocks` text;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `launched_at` integer;--> statement-breakpoint
ALTER TABLE `review_pairs` ADD `answers` text;--> statement-breakpoint
ALTER TABLE `review_pairs` ADD `shared_at` integer;--> statement-breakpoint
CREATE INDEX `review_pairs_reviewer` ON `review_pairs` (`company_id`,`reviewer_id`);--> statement-breakpoint
CREATE INDEX `review_pairs_reviewee` ON `review_pairs` (`company_id`,`reviewee_id`);