ALTER TYPE "public"."account_token_purpose" ADD VALUE 'digest_off';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'export_ready';--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "digest_sent_at" timestamp with time zone;