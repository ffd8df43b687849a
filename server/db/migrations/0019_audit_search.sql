-- Issue 26: the audit log's search takes a withdrawal's 'WD-1A2B3C4D' and a disbursement's
-- 'DSB-1A2B3C4D' (the uuid's first eight hex digits). A uuid LIKE 'prefix%' can use a btree only
-- with text_pattern_ops when the database's collation is not C, so each gets one.
CREATE INDEX "withdrawals_uuid_pattern_idx" ON "withdrawals" USING btree ("uuid" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "disbursements_uuid_pattern_idx" ON "disbursements" USING btree ("uuid" text_pattern_ops);
