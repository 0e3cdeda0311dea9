ALTER TABLE "groups" ADD COLUMN "name_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_key_uq" ON "groups" USING btree ("name_key");