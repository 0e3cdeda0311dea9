DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX "groups_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "groups_name_trgm_idx" ON "groups" USING gin (lower("group_name") gin_trgm_ops) WITH (fastupdate=false);