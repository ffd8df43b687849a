CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"client_id" integer NOT NULL,
	"type" text NOT NULL,
	"service_type" text NOT NULL,
	"rrn" text,
	"correlation_id" text NOT NULL,
	"account_no" text NOT NULL,
	"currency" text DEFAULT 'IDR' NOT NULL,
	"amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"status" text NOT NULL,
	"transaction_time" timestamp with time zone NOT NULL,
	"paid_time" timestamp with time zone,
	"settlement_time" timestamp with time zone,
	"withdrawable_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "callback_url" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "callback_secret" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_uuid_key" ON "transactions" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_correlation_id_key" ON "transactions" USING btree ("correlation_id");--> statement-breakpoint
CREATE INDEX "transactions_time_idx" ON "transactions" USING btree ("transaction_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_client_time_idx" ON "transactions" USING btree ("client_id","transaction_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_status_time_idx" ON "transactions" USING btree ("status","transaction_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_account_no_idx" ON "transactions" USING btree ("account_no");--> statement-breakpoint
CREATE INDEX "transactions_rrn_idx" ON "transactions" USING btree ("rrn");