CREATE TABLE "group_posting_rules" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"slow_mode_minutes" integer DEFAULT 0 NOT NULL,
	"min_account_age_hours" integer DEFAULT 0 NOT NULL,
	"blocked_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_posting_rules_slow_mode" CHECK ("group_posting_rules"."slow_mode_minutes" >= 0),
	CONSTRAINT "group_posting_rules_age" CHECK ("group_posting_rules"."min_account_age_hours" >= 0)
);
--> statement-breakpoint
ALTER TABLE "group_posting_rules" ADD CONSTRAINT "group_posting_rules_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;