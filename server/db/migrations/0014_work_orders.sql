CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"notification_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "status" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "item" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "item_kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "item_ref" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "outbox" USING btree ("id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "notifications_item_idx" ON "notifications" USING btree ("item_kind","item_ref");--> statement-breakpoint
-- The socket.io PostgreSQL adapter (several API nodes share events through NOTIFY) keeps payloads too large for a NOTIFY here.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial UNIQUE,
	"created_at" timestamptz DEFAULT now(),
	"payload" bytea
);
