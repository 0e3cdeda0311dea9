CREATE TABLE "cluster_nodes" (
	"node_id" varchar(100) PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presence_sockets" (
	"node_id" varchar(100) NOT NULL,
	"user_id" integer NOT NULL,
	"sockets" integer NOT NULL,
	CONSTRAINT "presence_sockets_node_id_user_id_pk" PRIMARY KEY("node_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "presence_sockets" ADD CONSTRAINT "presence_sockets_node_id_cluster_nodes_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."cluster_nodes"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_sockets_user_idx" ON "presence_sockets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");