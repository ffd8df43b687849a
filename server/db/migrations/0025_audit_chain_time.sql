-- Issue 49: the canonical text of `at` (migration 0020) was to_char's 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"',
-- which prints a year BC as the same year AD and an infinity as null: an `at` moved to the same wall
-- time BC, or from infinity to -infinity, kept its row's hash. audit_log_time is that text, with
-- ' BC' after a year BC and 'infinity' or '-infinity' for an infinity. Every other instant prints as
-- before, so the rows chained so far keep their hashes. The hash (audit_log_hash) and the Node verify
-- (server/domain/auditChain.ts, which reads `at` through this function) take the same text.
CREATE FUNCTION audit_log_time(at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN isfinite(at) THEN to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
      || CASE WHEN at < '0001-01-01 00:00:00+00' THEN ' BC' ELSE '' END
    ELSE at::text
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_hash(
  id bigint, at timestamptz, actor_user_id integer, actor_email text, action text, object_type text,
  object_id text, outcome text, ip text, detail jsonb, prev_hash text
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to('[' || concat_ws(',',
    audit_log_field(id::text),
    audit_log_field(audit_log_time(at)),
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
$$;
