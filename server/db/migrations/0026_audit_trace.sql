-- Issue 43: every rupiah traceable from a record to the action that moved it, and from an audit
-- line to its journal entries and back.
--
-- 1. The items of a bulk action: one row per record a bulk line moved (Process Transactions, the
--    void upload, a settlement batch, a held bulk action applied), written in the transaction that
--    moved them, after their line. The line's detail carries `items: {count, digest}`: the digest is
--    the SHA-256 (hex) of the items in position order, each written as
--    audit_log_field(object_type) || ',' || audit_log_field(object_id) || E'\n'
--    (JSON strings, as the chain's own fields), so the chained row covers them and audit:verify
--    (server/domain/auditChain.ts) recomputes it. Rows are only ever added, as in audit_log.
CREATE TABLE "audit_items" (
  "audit_id" bigint NOT NULL REFERENCES "audit_log"("id"),
  "position" integer NOT NULL,
  "object_type" text NOT NULL,
  "object_id" text NOT NULL,
  CONSTRAINT "audit_items_pkey" PRIMARY KEY ("audit_id", "position")
);--> statement-breakpoint
-- The audit search by a record's id finds the bulk lines that moved it.
CREATE INDEX "audit_items_object_idx" ON "audit_items" USING btree ("object_id", "object_type");--> statement-breakpoint
CREATE TRIGGER audit_items_no_update BEFORE UPDATE OR DELETE ON audit_items
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_items_no_truncate BEFORE TRUNCATE ON audit_items
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- 2. An action's key, shared by its journal entries and its audit line. The first entry a
--    transaction posts draws a key (a transaction-local setting); the next audit line written in
--    that transaction claims it (server/domain/audit.ts puts it in the line's detail as
--    `action_key`, which the chain covers) and clears it, so each line names exactly the entries
--    posted since the line before it. journal_entries is append-only, so the key is set as the row
--    is written: by this default for one entry, by payinLedgerBulk.ts once per statement for many.
--    Entries written before this migration keep a null key (ledgerCheck.ts counts them apart).
CREATE FUNCTION ledger_action_key() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT set_config('bo.action_key',
    coalesce(nullif(current_setting('bo.action_key', true), ''), gen_random_uuid()::text), true)
$$;--> statement-breakpoint
-- Added bare, then given its default: a volatile default in ADD COLUMN would rewrite the table and
-- stamp every existing entry with one key that no line names.
ALTER TABLE "journal_entries" ADD COLUMN "action_key" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "action_key" SET DEFAULT ledger_action_key();--> statement-breakpoint
CREATE INDEX "journal_entries_action_key_idx" ON "journal_entries" USING btree ("action_key");--> statement-breakpoint
CREATE INDEX "audit_log_action_key_idx" ON "audit_log" USING btree ((detail->>'action_key'))
  WHERE detail ? 'action_key';
