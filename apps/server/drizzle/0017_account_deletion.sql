CREATE TABLE "released_usernames" (
	"username_lower" varchar(30) PRIMARY KEY NOT NULL,
	"available_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_username_format";--> statement-breakpoint
DROP INDEX "users_username_lower_uq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username")) WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_username_format" CHECK ("users"."deleted_at" IS NOT NULL OR "users"."username" ~ '^[A-Za-z0-9_]{3,30}$');