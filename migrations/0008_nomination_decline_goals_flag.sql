ALTER TABLE `companies` ADD `goals_instead_of_objectives` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `review_nominations` ADD `decline_reason` text;--> statement-breakpoint
CREATE INDEX `review_nominations_reviewee` ON `review_nominations` (`company_id`,`reviewee_id`);--> statement-breakpoint
ALTER TABLE `review_pairs` ADD `completed_at` integer;