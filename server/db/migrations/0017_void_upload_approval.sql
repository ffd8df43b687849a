-- Issue 25: the void upload can now be held for a second SUPER ADMIN, so its entry takes the
-- issue's default (Rp. 100,000,000 returned). An entry a SUPER ADMIN has already set is kept.
UPDATE "approval_policy" SET "mode" = 'threshold', "threshold" = 100000000, "updated_at" = now()
WHERE "action" = 'void-upload' AND "mode" = 'off' AND "updated_by" IS NULL;
