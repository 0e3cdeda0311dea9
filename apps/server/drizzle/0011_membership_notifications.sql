ALTER TYPE "public"."notification_type" ADD VALUE 'join_request';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'join_request_approved';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'join_request_declined';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'role_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'member_removed';--> statement-breakpoint
CREATE INDEX "notifications_group_type_idx" ON "notifications" USING btree ("group_id","noti_type","created_at","id") WHERE "notifications"."group_id" IS NOT NULL;