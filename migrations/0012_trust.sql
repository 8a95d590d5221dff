CREATE TABLE `used_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `used_tokens_expires` ON `used_tokens` (`expires_at`);--> statement-breakpoint
ALTER TABLE `authorizations` ADD `email_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `authorizations` ADD `browser_key` text;--> statement-breakpoint
ALTER TABLE `authorizations` ADD `frame_team_id` text;--> statement-breakpoint
ALTER TABLE `authorizations` ADD `redirect_to` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `anonymity_floor` integer DEFAULT 3 NOT NULL;