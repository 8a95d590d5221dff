CREATE TABLE `objectives` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`owner_id` text,
	`name` text NOT NULL,
	`description` text,
	`weight` integer DEFAULT 0 NOT NULL,
	`doc_type` text DEFAULT 'okr' NOT NULL,
	`kpis` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `objectives_company` ON `objectives` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`template_id` text,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `review_campaigns_company_state` ON `review_campaigns` (`company_id`,`state`);--> statement-breakpoint
CREATE INDEX `review_campaigns_template` ON `review_campaigns` (`company_id`,`template_id`);--> statement-breakpoint
CREATE TABLE `review_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`hide_competency_selector` integer DEFAULT false NOT NULL,
	`blocks` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `review_templates_company_title` ON `review_templates` (`company_id`,`title`);--> statement-breakpoint
CREATE INDEX `review_templates_company_created` ON `review_templates` (`company_id`,`created_at`);