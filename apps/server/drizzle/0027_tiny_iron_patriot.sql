CREATE TABLE "held_notifications" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sender_id" integer,
	"noti_type" "notification_type" NOT NULL,
	"noti_content" text NOT NULL,
	"noti_link" varchar(500),
	"group_id" integer,
	"discussion_id" integer,
	"comment_id" integer,
	"blog_id" integer,
	"is_read" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_notifications_discussion_idx" ON "held_notifications" USING btree ("discussion_id");--> statement-breakpoint
CREATE INDEX "held_notifications_comment_idx" ON "held_notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "held_notifications_blog_idx" ON "held_notifications" USING btree ("blog_id");--> statement-breakpoint
CREATE INDEX "held_notifications_user_idx" ON "held_notifications" USING btree ("user_id");