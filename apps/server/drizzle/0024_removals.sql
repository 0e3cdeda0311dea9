ALTER TYPE "public"."notification_type" ADD VALUE 'content_removed';--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_removal_whole" CHECK (("comments"."removed_at" IS NULL) = ("comments"."removed_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_removal_whole" CHECK (("discussions"."removed_at" IS NULL) = ("discussions"."removed_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_removal_whole" CHECK (("blogs"."removed_at" IS NULL) = ("blogs"."removed_reason" IS NULL));