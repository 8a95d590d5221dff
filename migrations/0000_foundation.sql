CREATE TABLE `authorizations` (
	`id` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`subject` text NOT NULL,
	`email` text,
	`name` text,
	`team_id` text,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text NOT NULL,
	`frame_team_id` text,
	`view` text DEFAULT 'USER' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `behaviours` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`competency_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `behaviours_competency` ON `behaviours` (`company_id`,`competency_id`);--> statement-breakpoint
CREATE TABLE `channel_members` (
	`company_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`channel_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `channel_members_user` ON `channel_members` (`company_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `channels` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`slack_channel_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `channels_workspace` ON `channels` (`company_id`,`workspace_id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`platform` text NOT NULL,
	`external_id` text NOT NULL,
	`analytics_color_scale` text DEFAULT 'default' NOT NULL,
	`ai_enabled` integer DEFAULT false NOT NULL,
	`review_analytics` integer DEFAULT false NOT NULL,
	`custom_relationships` integer DEFAULT false NOT NULL,
	`user_admin_view` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_platform_external` ON `companies` (`platform`,`external_id`);--> statement-breakpoint
CREATE TABLE `competencies` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `competencies_company` ON `competencies` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `custom_relationship_members` (
	`company_id` text NOT NULL,
	`relationship_id` text NOT NULL,
	`user_id` text NOT NULL,
	`origin` text DEFAULT 'manual' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`relationship_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `custom_relationship_members_user` ON `custom_relationship_members` (`company_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `custom_relationships` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `custom_relationships_company` ON `custom_relationships` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `departments` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `departments_company` ON `departments` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `group_members` (
	`company_id` text NOT NULL,
	`group_id` text NOT NULL,
	`user_id` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`group_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `group_members_user` ON `group_members` (`company_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `groups` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`channel_name` text,
	`msteams_group_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `groups_company` ON `groups` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `roles` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `roles_company` ON `roles` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `user_managers` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`manager_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `manager_id`)
);
--> statement-breakpoint
CREATE INDEX `user_managers_manager` ON `user_managers` (`company_id`,`manager_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`title` text,
	`image_url` text,
	`role_id` text,
	`department_id` text,
	`is_super_admin` integer DEFAULT false NOT NULL,
	`is_team_admin` integer DEFAULT false NOT NULL,
	`is_excluded` integer DEFAULT false NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`slack_user_id` text,
	`msteams_user_id` text,
	`source` text DEFAULT 'chat' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `users_company_name` ON `users` (`company_id`,`name`);--> statement-breakpoint
CREATE INDEX `users_company_email` ON `users` (`company_id`,`email`);--> statement-breakpoint
CREATE INDEX `users_company_department` ON `users` (`company_id`,`department_id`);--> statement-breakpoint
CREATE INDEX `users_slack` ON `users` (`slack_user_id`);--> statement-breakpoint
CREATE INDEX `users_msteams` ON `users` (`msteams_user_id`);--> statement-breakpoint
CREATE TABLE `workspace_members` (
	`company_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `workspace_members_user` ON `workspace_members` (`company_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`slack_team_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `workspaces_company` ON `workspaces` (`company_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_slack_team` ON `workspaces` (`slack_team_id`);--> statement-breakpoint
CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`data` text,
	`request_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_events_company` ON `audit_events` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_entity` ON `audit_events` (`company_id`,`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `cron_runs` (
	`key` text PRIMARY KEY NOT NULL,
	`job` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`finished_at` integer,
	`result` text
);
--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`owner_id` text,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `files_company` ON `files` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notification_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`recipient_user_id` text NOT NULL,
	`channel` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`link` text,
	`dedupe_key` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_outbox_dedupe` ON `notification_outbox` (`company_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notification_outbox_status` ON `notification_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `notification_outbox_recipient` ON `notification_outbox` (`company_id`,`recipient_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `processed_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
