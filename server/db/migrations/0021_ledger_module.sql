-- Issue 28: the Ledger screen (module ledger, SUPER ADMIN only). Data only: the module row (ensureReferenceData
-- rewrites its sort and title on start) and the module on every SUPER ADMIN role that already runs the back office
-- (holds Audit Log, Settlement or User Management), as 0016 did for Approvals.
INSERT INTO "modules" ("id", "title", "path", "icon", "parent_id", "sort", "is_required")
VALUES ('ledger', 'Ledger', '/dashboard/ledger', 'book-open', NULL, 7, false)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_modules" ("role_id", "module_id")
SELECT DISTINCT r."id", 'ledger' FROM "roles" r
JOIN "role_modules" rm ON rm."role_id" = r."id" AND rm."module_id" IN ('audit-log', 'settlement', 'management-user')
WHERE r."type" = 'SUPER ADMIN'
ON CONFLICT DO NOTHING;
