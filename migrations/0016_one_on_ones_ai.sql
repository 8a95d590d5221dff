CREATE TABLE `ai_chat_messages` (
	`chat_id` text NOT NULL,
	`id` text NOT NULL,
	`company_id` text NOT NULL,
	`profile_id` text,
	`human_message` text NOT NULL,
	`ai_message` text DEFAULT '' NOT NULL,
	`status` text,
	`citations` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`chat_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `ai_chat_messages_chat` ON `ai_chat_messages` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ai_chats` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`one_on_one_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ai_chats_user` ON `ai_chats` (`company_id`,`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `ai_feedbacks` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`one_on_one_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`user_feedback` text DEFAULT '' NOT NULL,
	`opening_statement` text DEFAULT '' NOT NULL,
	`situation` text DEFAULT '' NOT NULL,
	`behavior` text DEFAULT '' NOT NULL,
	`impact` text DEFAULT '' NOT NULL,
	`situation_tags` text DEFAULT '[]' NOT NULL,
	`behavior_tags` text DEFAULT '[]' NOT NULL,
	`impact_tags` text DEFAULT '[]' NOT NULL,
	`actionable_steps` text DEFAULT '[]' NOT NULL,
	`strength_competency` text DEFAULT '[]' NOT NULL,
	`development_area_competency` text DEFAULT '[]' NOT NULL,
	`ai_score` integer DEFAULT 0 NOT NULL,
	`specificity_score` integer DEFAULT 0 NOT NULL,
	`tone_category` text,
	`suggested_tone` text,
	`focus_category` text,
	`actionability_score` integer DEFAULT 0 NOT NULL,
	`is_submitted` integer DEFAULT false NOT NULL,
	`submitted_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ai_feedbacks_one_on_one` ON `ai_feedbacks` (`one_on_one_id`);--> statement-breakpoint
CREATE INDEX `ai_feedbacks_company_submitted` ON `ai_feedbacks` (`company_id`,`is_submitted`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `one_on_one_parties` (
	`one_on_one_id` text NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`answers` text,
	`submitted_at` integer,
	`shared_notes` text DEFAULT '' NOT NULL,
	`private_notes` text DEFAULT '' NOT NULL,
	`notes_updated_at` integer,
	PRIMARY KEY(`one_on_one_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `one_on_one_parties_user` ON `one_on_one_parties` (`company_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `one_on_ones` ADD `start_at` integer;--> statement-breakpoint
ALTER TABLE `one_on_ones` ADD `closed_at` integer;