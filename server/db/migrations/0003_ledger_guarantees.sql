-- No account that must not go negative ever does, whatever code runs.
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_not_negative CHECK (may_go_negative OR balance >= 0);
--> statement-breakpoint
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_amount_positive CHECK (amount > 0);
--> statement-breakpoint
ALTER TABLE postings ADD CONSTRAINT postings_amount_nonzero CHECK (amount <> 0);
--> statement-breakpoint
-- Every journal entry sums to zero, checked at commit once all its postings are in.
CREATE OR REPLACE FUNCTION journal_entry_balances() RETURNS trigger AS $$
DECLARE
  total numeric;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (sum %)', NEW.entry_id, total;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balance AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balances();
--> statement-breakpoint
-- The ledger is history: entries and postings are never changed or removed; corrections are new entries.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER postings_no_change BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_change BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
