-- Issue 29: the Overview screen (module overview, first in the menu). Data only: the module row (ensureReferenceData
-- rewrites its sort and title on start) and the module on every role that already holds a list the Overview sums
-- (Payments List, Payments Balance or Disbursement List), as 0021 did for Ledger: each of its figures is then one the
-- role could already read, in the user's own client scope.
INSERT INTO "modules" ("id", "title", "path", "icon", "parent_id", "sort", "is_required")
VALUES ('overview', 'Overview', '/dashboard/overview', 'home', NULL, 0, false)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_modules" ("role_id", "module_id")
SELECT DISTINCT rm."role_id", 'overview' FROM "role_modules" rm
WHERE rm."module_id" IN ('transactions', 'balance', 'disbursement-list')
ON CONFLICT DO NOTHING;
