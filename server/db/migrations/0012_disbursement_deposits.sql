CREATE TABLE "disbursement_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"pic_name" text NOT NULL,
	"created_by" integer,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disbursement_deposits" ADD CONSTRAINT "disbursement_deposits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursement_deposits" ADD CONSTRAINT "disbursement_deposits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disbursement_deposits_reference_key" ON "disbursement_deposits" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "disbursement_deposits_client_time_idx" ON "disbursement_deposits" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "disbursement_deposits_time_idx" ON "disbursement_deposits" USING btree ("created_at");--> statement-breakpoint
-- A database made before this migration holds deposits as journal entries only: give each its history row.
INSERT INTO "disbursement_deposits" ("client_id", "kind", "amount", "description", "pic_name", "created_by", "reference", "created_at")
SELECT a.client_id, 'deposit', p.amount, e.description, coalesce(u.name, 'System'), e.created_by, e.reference, e.created_at
FROM journal_entries e
JOIN postings p ON p.entry_id = e.id
JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'disbursement'
LEFT JOIN users u ON u.id = e.created_by
WHERE e.kind = 'disbursement.adjustment'
ORDER BY e.id;
--> statement-breakpoint
-- The deposit history is the other half of its journal entries: like them, it is only ever added to.
CREATE TRIGGER disbursement_deposits_no_change BEFORE UPDATE OR DELETE ON disbursement_deposits FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
