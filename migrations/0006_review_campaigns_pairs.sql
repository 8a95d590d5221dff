CREATE TABLE `review_pairs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`from_nominations` integer DEFAULT false NOT NULL,
	`decline_comment` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_pairs_unique` ON `review_pairs` (`campaign_id`,`reviewee_id`,`reviewer_id`);--> statement-breakpoint
CREATE INDEX `review_pairs_campaign` ON `review_pairs` (`company_id`,`campaign_id`,`state`);--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `workspace_id` text;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `group_id` text;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `anonymous` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `start_at` integer;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `end_at` integer;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `automatic_close` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `review_campaigns` ADD `version` integer DEFAULT 0 NOT NULL;