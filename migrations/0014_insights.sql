CREATE TABLE `feedback_company_competency_counts` (
	`company_id` text NOT NULL,
	`day` text NOT NULL,
	`competency_id` text NOT NULL,
	`behaviour_id` text DEFAULT '' NOT NULL,
	`behaviour_type` text DEFAULT '' NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `day`, `competency_id`, `behaviour_id`, `behaviour_type`)
);
--> statement-breakpoint
CREATE TABLE `feedback_running_counts` (
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
