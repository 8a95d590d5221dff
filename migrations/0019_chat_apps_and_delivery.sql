CREATE TABLE `notification_channel_settings` (
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`via` text NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`company_id`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `reminder_snoozes` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`until` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`company_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `msteams_conversations` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`msteams_user_id` text NOT NULL,
	`aad_object_id` text,
	`conversation_id` text NOT NULL,
	`service_url` text NOT NULL,
	`tenant_id` text NOT NULL,
	`bot_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	PRIMARY KEY(`company_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `msteams_conversations_tenant` ON `msteams_conversations` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `msteams_installations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`service_url` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	`disabled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `msteams_installations_tenant` ON `msteams_installations` (`tenant_id`);--> statement-breakpoint
CREATE INDEX `msteams_installations_company` ON `msteams_installations` (`company_id`);--> statement-breakpoint
CREATE TABLE `slack_installations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`team_id` text NOT NULL,
	`team_name` text NOT NULL,
	`enterprise_id` text,
	`app_id` text NOT NULL,
	`bot_user_id` text NOT NULL,
	`bot_token` text NOT NULL,
	`bot_token_iv` text NOT NULL,
	`scopes` text NOT NULL,
	`installed_by_slack_user_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slack_installations_team` ON `slack_installations` (`team_id`);--> statement-breakpoint
CREATE INDEX `slack_installations_company` ON `slack_installations` (`company_id`);--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `sender_user_id` text;--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `deliver_after` integer;--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `digest_id` text;--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `items` text;--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `sender_told_at` integer;--> statement-breakpoint
CREATE INDEX `notification_outbox_sender` ON `notification_outbox` (`company_id`,`sender_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `notification_outbox_digest` ON `notification_outbox` (`company_id`,`recipient_user_id`,`status`,`kind`);