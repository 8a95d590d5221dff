CREATE TABLE `goals` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`deadline` integer NOT NULL,
	`competency_ids` text NOT NULL,
	`behaviour_ids` text NOT NULL,
	`approval_status` integer DEFAULT false NOT NULL,
	`approval_action_by` text,
	`approval_at` integer,
	`completion_status` integer DEFAULT false NOT NULL,
	`completion_action_by` text,
	`completion_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `goals_user` ON `goals` (`company_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `objective_check_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`objective_id` text NOT NULL,
	`key_result_id` text NOT NULL,
	`day` text NOT NULL,
	`value` real NOT NULL,
	`comment` text,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `objective_check_ins_day` ON `objective_check_ins` (`key_result_id`,`day`);--> statement-breakpoint
CREATE INDEX `objective_check_ins_objective` ON `objective_check_ins` (`objective_id`,`day`);--> statement-breakpoint
CREATE TABLE `objective_key_results` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`objective_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`period` text,
	`sub_role` text,
	`client` text,
	`industry` text,
	`income_statement` integer DEFAULT false NOT NULL,
	`target` real,
	`actual` real,
	`start_value` real,
	`unit` text,
	`direction` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `objective_key_results_objective` ON `objective_key_results` (`objective_id`,`position`);--> statement-breakpoint
CREATE TABLE `objectives_campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`audience_type` text NOT NULL,
	`audience_user_ids` text NOT NULL,
	`notify_employees` integer DEFAULT false NOT NULL,
	`notify_managers` integer DEFAULT false NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`created_by` text NOT NULL,
	`launched_at` integer,
	`launched_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `objectives_campaigns_company` ON `objectives_campaigns` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `objectives_campaigns_active` ON `objectives_campaigns` (`company_id`,`state`,`start_at`);--> statement-breakpoint
CREATE TABLE `objectives_participants` (
	`company_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`user_id` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`submitted_at` integer,
	`approved_at` integer,
	`approved_by` text,
	`reminded_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`campaign_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `objectives_participants_user` ON `objectives_participants` (`company_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `objectives_participants_state` ON `objectives_participants` (`company_id`,`campaign_id`,`state`);--> statement-breakpoint
ALTER TABLE `objectives` ADD `campaign_id` text;--> statement-breakpoint
ALTER TABLE `objectives` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `objectives_owner` ON `objectives` (`company_id`,`owner_id`,`campaign_id`);