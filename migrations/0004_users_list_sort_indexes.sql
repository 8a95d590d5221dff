DROP INDEX `users_company_name_nocase`;--> statement-breakpoint
CREATE INDEX `users_company_name_nocase_id` ON `users` (`company_id`,"name" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `users_company_email_nocase_id` ON `users` (`company_id`,"email" COLLATE NOCASE,`id`);