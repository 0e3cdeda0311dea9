CREATE TABLE "search_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"language" text DEFAULT 'english' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_settings_one_row" CHECK ("search_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "comments_cjk_trgm_idx" ON "comments" USING gin ("content" gin_trgm_ops) WHERE "comments"."content" ~ '[぀-ヿ㐀-䶿一-鿿가-힯豈-﫿]';--> statement-breakpoint
CREATE INDEX "discussions_search_idx" ON "discussions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "discussions_cjk_trgm_idx" ON "discussions" USING gin ("content" gin_trgm_ops) WHERE "discussions"."content" ~ '[぀-ヿ㐀-䶿一-鿿가-힯豈-﫿]';--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "blogs_cjk_trgm_idx" ON "blogs" USING gin (("title" || ' ' || "content") gin_trgm_ops) WHERE ("blogs"."title" || ' ' || "blogs"."content") ~ '[぀-ヿ㐀-䶿一-鿿가-힯豈-﫿]';