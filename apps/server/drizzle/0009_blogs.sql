ALTER TYPE "public"."upload_kind" ADD VALUE 'blog';--> statement-breakpoint
ALTER TABLE "blogs" DROP COLUMN "slug";--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_content_not_blank" CHECK (length(btrim("blogs"."content")) > 0);--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_content_max" CHECK (char_length("blogs"."content") <= 100000);