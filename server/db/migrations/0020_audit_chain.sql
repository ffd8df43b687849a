-- Issue 28: a tamper-evident audit log. Each row stores the SHA-256 (hex) of its canonical
-- serialisation, the previous row's hash included, so editing or removing a row breaks the link of
-- that row (or of the next one). The canonical serialisation is a JSON array of eleven fields, each a
-- JSON string of the column's text or null, without spaces:
--   [id, at, actor_user_id, actor_email, action, object_type, object_id, outcome, ip, detail, prev_hash]
-- with `at` in UTC to the microsecond ('2026-11-23T03:42:00.123456Z') and `detail` as jsonb prints
-- it (jsonb's own normal form, so the same value always reads the same). server/domain/auditChain.ts
-- recomputes exactly this in Node to verify; a test checks rows chained here verify there.
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE FUNCTION audit_log_field(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(to_json(value)::text, 'null')
$$;--> statement-breakpoint
CREATE FUNCTION audit_log_hash(
  id bigint, at timestamptz, actor_user_id integer, actor_email text, action text, object_type text,
  object_id text, outcome text, ip text, detail jsonb, prev_hash text
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to('[' || concat_ws(',',
    audit_log_field(id::text),
    audit_log_field(to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')),
    audit_log_field(actor_user_id::text),
    audit_log_field(actor_email),
    audit_log_field(action),
    audit_log_field(object_type),
    audit_log_field(object_id),
    audit_log_field(outcome),
    audit_log_field(ip),
    audit_log_field(detail::text),
    audit_log_field(prev_hash)
  ) || ']', 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The rows written so far, chained in id order. Each hash needs the one before, so one pass in
-- order; the append-only trigger is off only for this pass, inside the migration's transaction.
ALTER TABLE "audit_log" DISABLE TRIGGER audit_log_no_update;--> statement-breakpoint
DO $$
DECLARE
  r audit_log%ROWTYPE;
  prev text := NULL;
  this text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    this := audit_log_hash(r.id, r.at, r.actor_user_id, r.actor_email, r.action, r.object_type, r.object_id,
      r.outcome, r.ip, r.detail, prev);
    UPDATE audit_log SET prev_hash = prev, hash = this WHERE id = r.id;
    prev := this;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER audit_log_no_update;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;
