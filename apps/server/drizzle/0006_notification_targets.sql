ALTER TABLE "notifications" ADD COLUMN "discussion_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "comment_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "blog_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_discussion_idx" ON "notifications" USING btree ("discussion_id") WHERE "notifications"."discussion_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id") WHERE "notifications"."comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_blog_idx" ON "notifications" USING btree ("blog_id") WHERE "notifications"."blog_id" IS NOT NULL;