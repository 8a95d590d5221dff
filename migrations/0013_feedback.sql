CREATE TABLE `feedback_competency_counts` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`competency_id` text NOT NULL,
	`behaviour_id` text DEFAULT '' NOT NULL,
	`behaviour_type` text DEFAULT '' NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `user_id`, `day`, `competency_id`, `behaviour_id`, `behaviour_type`)
);
--> statement-breakpoint
CREATE INDEX `feedback_competency_counts_day` ON `feedback_competency_counts` (`company_id`,`day`);--> statement-breakpoint
CREATE TABLE `feedback_daily_counts` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`received` integer DEFAULT 0 NOT NULL,
	`requested` integer DEFAULT 0 NOT NULL,
	`praise_sent` integer DEFAULT 0 NOT NULL,
	`praise_received` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `user_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `feedback_daily_counts_day` ON `feedback_daily_counts` (`company_id`,`day`);--> statement-breakpoint
CREATE TABLE `feedback_items` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`source` text NOT NULL,
	`feedback_type` text NOT NULL,
	`feedback_type_title` text NOT NULL,
	`template_type` text,
	`feedback_text` text,
	`situation_text` text,
	`behavior_text` text,
	`impact_text` text,
	`sbi_next_step_text` text,
	`strength_text` text,
	`development_area_text` text,
	`sd_next_step_text` text,
	`blocks` text DEFAULT '[]' NOT NULL,
	`answers` text DEFAULT '{}' NOT NULL,
	`dimension_infos` text DEFAULT '[]' NOT NULL,
	`sender_id` text,
	`receiver_id` text NOT NULL,
	`loop_id` text,
	`run_id` text,
	`request_id` text,
	`anonymous` integer DEFAULT false NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`visible` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feedback_items_receiver` ON `feedback_items` (`company_id`,`receiver_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `feedback_items_sender` ON `feedback_items` (`company_id`,`sender_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `feedback_items_company_sent` ON `feedback_items` (`company_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `feedback_items_run` ON `feedback_items` (`run_id`,`receiver_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_items_run_pair` ON `feedback_items` (`run_id`,`sender_id`,`receiver_id`) WHERE "feedback_items"."run_id" IS NOT NULL AND "feedback_items"."sender_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_items_request` ON `feedback_items` (`request_id`) WHERE "feedback_items"."request_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `feedback_library_loops` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`template_type` text NOT NULL,
	`template_id` text,
	`template_name` text NOT NULL,
	`template_format` text,
	`title` text NOT NULL,
	`workflow_type` text,
	`audience_type` text,
	`audience_ids` text DEFAULT '[]' NOT NULL,
	`workspace_id` text,
	`feedback_for` text,
	`pairs` text DEFAULT '[]' NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`deadline_at` integer,
	`tz_offset_minutes` integer DEFAULT 0 NOT NULL,
	`notification_message` text DEFAULT '' NOT NULL,
	`delivery` text,
	`start_at` integer,
	`frequency` text DEFAULT 'does-not-repeat' NOT NULL,
	`blocks` text NOT NULL,
	`hide_competency_selector` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feedback_library_loops_company` ON `feedback_library_loops` (`company_id`,`template_type`,`created_at`);--> statement-breakpoint
CREATE TABLE `feedback_loop_pairs` (
	`company_id` text NOT NULL,
	`loop_id` text NOT NULL,
	`run_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`given_at` integer,
	`reminded_at` integer,
	PRIMARY KEY(`run_id`, `sender_id`, `receiver_id`)
);
--> statement-breakpoint
CREATE INDEX `feedback_loop_pairs_sender` ON `feedback_loop_pairs` (`company_id`,`sender_id`,`state`);--> statement-breakpoint
CREATE TABLE `feedback_loop_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`loop_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`started_at` integer NOT NULL,
	`deadline_at` integer NOT NULL,
	`closed_at` integer,
	`pair_count` integer DEFAULT 0 NOT NULL,
	`given_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_loop_runs_sequence` ON `feedback_loop_runs` (`loop_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `feedback_loop_runs_company` ON `feedback_loop_runs` (`company_id`,`state`,`deadline_at`);--> statement-breakpoint
CREATE INDEX `feedback_loop_runs_deadline` ON `feedback_loop_runs` (`state`,`deadline_at`);--> statement-breakpoint
CREATE TABLE `feedback_loops` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`library_loop_id` text NOT NULL,
	`template_type` text NOT NULL,
	`template_name` text NOT NULL,
	`template_format` text,
	`title` text NOT NULL,
	`workflow_type` text NOT NULL,
	`feedback_for` text,
	`audience_type` text NOT NULL,
	`audience_ids` text DEFAULT '[]' NOT NULL,
	`audience_name` text,
	`workspace_id` text,
	`pairs` text DEFAULT '[]' NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`notification_message` text DEFAULT '' NOT NULL,
	`delivery` text NOT NULL,
	`blocks` text NOT NULL,
	`hide_competency_selector` integer DEFAULT false NOT NULL,
	`start_at` integer NOT NULL,
	`frequency` text DEFAULT 'does-not-repeat' NOT NULL,
	`tz_offset_minutes` integer DEFAULT 0 NOT NULL,
	`run_span_ms` integer NOT NULL,
	`next_run_at` integer,
	`state` text NOT NULL,
	`run_count` integer DEFAULT 0 NOT NULL,
	`pair_count` integer DEFAULT 0 NOT NULL,
	`given_count` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feedback_loops_company` ON `feedback_loops` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_loops_next_run` ON `feedback_loops` (`next_run_at`);--> statement-breakpoint
CREATE TABLE `feedback_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`requester_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`answered_at` integer
);
--> statement-breakpoint
CREATE INDEX `feedback_requests_recipient` ON `feedback_requests` (`company_id`,`recipient_id`,`state`);--> statement-breakpoint
CREATE INDEX `feedback_requests_requester` ON `feedback_requests` (`company_id`,`requester_id`);--> statement-breakpoint
CREATE TABLE `feedback_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`template_type` text NOT NULL,
	`title` text NOT NULL,
	`desc` text DEFAULT '' NOT NULL,
	`visible_to_everyone` integer DEFAULT false NOT NULL,
	`visible_to_team_admin` integer DEFAULT false NOT NULL,
	`blocks` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feedback_templates_company` ON `feedback_templates` (`company_id`,`template_type`,`title`);--> statement-breakpoint
CREATE TABLE `one_on_ones` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`loop_id` text,
	`run_id` text,
	`reviewer_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`state` text DEFAULT 'prep' NOT NULL,
	`scheduled_at` integer,
	`frequency` text DEFAULT 'does-not-repeat' NOT NULL,
	`blocks` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `one_on_ones_run_pair` ON `one_on_ones` (`run_id`,`reviewer_id`,`reviewee_id`) WHERE "one_on_ones"."run_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `one_on_ones_reviewer` ON `one_on_ones` (`company_id`,`reviewer_id`);--> statement-breakpoint
CREATE INDEX `one_on_ones_reviewee` ON `one_on_ones` (`company_id`,`reviewee_id`);