CREATE TABLE `survey_answers` (
	`company_id` text NOT NULL,
	`run_id` text NOT NULL,
	`response_id` text NOT NULL,
	`block_id` text NOT NULL,
	`department_id` text,
	`value_num` integer,
	`value_text` text,
	`not_applicable` integer DEFAULT false NOT NULL,
	`comment` text
);
--> statement-breakpoint
CREATE INDEX `survey_answers_run_block` ON `survey_answers` (`run_id`,`block_id`,`value_num`);--> statement-breakpoint
CREATE INDEX `survey_answers_response` ON `survey_answers` (`response_id`);--> statement-breakpoint
CREATE TABLE `survey_drafts` (
	`company_id` text NOT NULL,
	`run_id` text NOT NULL,
	`key` text NOT NULL,
	`answers` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`run_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `survey_recipients` (
	`company_id` text NOT NULL,
	`run_id` text NOT NULL,
	`user_id` text NOT NULL,
	`responded` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`run_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `survey_recipients_user` ON `survey_recipients` (`company_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `survey_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`run_id` text NOT NULL,
	`respondent_id` text,
	`department_id` text,
	`answers` text NOT NULL,
	`submitted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `survey_responses_run` ON `survey_responses` (`run_id`,`department_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `survey_responses_respondent` ON `survey_responses` (`run_id`,`respondent_id`);--> statement-breakpoint
CREATE TABLE `survey_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`survey_id` text NOT NULL,
	`title` text NOT NULL,
	`template_name` text,
	`workspace_id` text,
	`group_id` text,
	`blocks` text NOT NULL,
	`inspector_type` text NOT NULL,
	`inspector_ids` text DEFAULT '[]' NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`min_submission_count` integer DEFAULT 0 NOT NULL,
	`live_results` integer DEFAULT false NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`sequence` integer DEFAULT 1 NOT NULL,
	`close_rule` text DEFAULT 'manual' NOT NULL,
	`closes_at` integer,
	`closed_at` integer,
	`audience_count` integer DEFAULT 0 NOT NULL,
	`submitted_count` integer DEFAULT 0 NOT NULL,
	`launched_by` text,
	`launched_at` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_runs_sequence` ON `survey_runs` (`survey_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `survey_runs_company_state` ON `survey_runs` (`company_id`,`state`,`launched_at`);--> statement-breakpoint
CREATE INDEX `survey_runs_closes` ON `survey_runs` (`state`,`closes_at`);--> statement-breakpoint
CREATE TABLE `survey_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`desc` text DEFAULT '' NOT NULL,
	`visible_to_everyone` integer DEFAULT false NOT NULL,
	`visible_to_workspace_admin` integer DEFAULT false NOT NULL,
	`blocks` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `survey_templates_company` ON `survey_templates` (`company_id`,`title`);--> statement-breakpoint
CREATE TABLE `surveys` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`template_name` text,
	`workspace_id` text,
	`group_id` text,
	`blocks` text NOT NULL,
	`audience_type` text,
	`audience_ids` text DEFAULT '[]' NOT NULL,
	`inspector_type` text,
	`inspector_ids` text DEFAULT '[]' NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`min_submission_count` integer DEFAULT 0 NOT NULL,
	`live_results` integer DEFAULT false NOT NULL,
	`start_at` integer,
	`frequency` text,
	`tz_offset_minutes` integer DEFAULT 0 NOT NULL,
	`next_run_at` integer,
	`close_rule` text DEFAULT 'manual' NOT NULL,
	`close_span` integer,
	`close_unit` text,
	`close_at` integer,
	`notifications` text DEFAULT '{}' NOT NULL,
	`launch_count` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `surveys_company_created` ON `surveys` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `surveys_next_run` ON `surveys` (`next_run_at`);