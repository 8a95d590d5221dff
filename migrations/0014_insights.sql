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
--> statement-breakpoint
-- The roll-ups of the counts already kept: running totals per person and day, and the company's competency counts.
INSERT INTO `feedback_running_counts` (`company_id`, `user_id`, `day`, `sent`, `received`, `requested`, `praise_sent`, `praise_received`)
  SELECT `company_id`, `user_id`, `day`, sum(`sent`) OVER w, sum(`received`) OVER w, sum(`requested`) OVER w, sum(`praise_sent`) OVER w, sum(`praise_received`) OVER w
  FROM `feedback_daily_counts`
  WINDOW w AS (PARTITION BY `company_id`, `user_id` ORDER BY `day` ROWS UNBOUNDED PRECEDING);
--> statement-breakpoint
INSERT INTO `feedback_company_competency_counts` (`company_id`, `day`, `competency_id`, `behaviour_id`, `behaviour_type`, `count`)
  SELECT `company_id`, `day`, `competency_id`, `behaviour_id`, `behaviour_type`, sum(`count`)
  FROM `feedback_competency_counts`
  GROUP BY `company_id`, `day`, `competency_id`, `behaviour_id`, `behaviour_type`;
