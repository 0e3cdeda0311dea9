ALTER TABLE "discussion_media" ADD COLUMN "inline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "group_is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "discussion_media_url_idx" ON "discussion_media" USING btree ("media_url");--> statement-breakpoint
CREATE INDEX "discussions_recent_idx" ON "discussions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "discussions_public_recent_idx" ON "discussions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussions"."group_is_public";