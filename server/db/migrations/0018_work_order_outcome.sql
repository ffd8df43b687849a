-- Issue 26: a resolved work order says what happened ('Rejected by superadmin@demo.local') in place
-- of the request it made, so the outcome is stored with it.
ALTER TABLE "notifications" ADD COLUMN "outcome" text;--> statement-breakpoint
-- Work orders resolved before this column existed: their words from the item's own decision.
UPDATE "notifications" n SET "outcome" = (CASE w."status" WHEN 'COMPLETED' THEN 'Completed' ELSE 'Rejected' END) || coalesce(' by ' || u."email", '')
FROM "withdrawals" w LEFT JOIN "users" u ON u."id" = w."decided_by"
WHERE n."status" = 'RESOLVED' AND n."item_kind" = 'withdrawal' AND n."item_ref" = w."uuid" AND w."status" IN ('COMPLETED', 'REJECTED');--> statement-breakpoint
-- A voided one was finalized first, and its decided_by now names who voided it.
UPDATE "notifications" n SET "outcome" = CASE
    WHEN d."status" = 'VOIDED' THEN 'Finalized, later voided'
    WHEN u."email" IS NOT NULL THEN (CASE d."status" WHEN 'FINALIZED' THEN 'Finalized' WHEN 'REJECTED' THEN 'Rejected' ELSE 'Failed' END) || ' by ' || u."email"
    WHEN d."status" = 'FINALIZED' THEN 'Paid out by the payment channel'
    WHEN d."status" = 'REJECTED' THEN 'Rejected by the payment channel'
    ELSE 'Failed at the payment channel' END
FROM "disbursements" d LEFT JOIN "users" u ON u."id" = d."decided_by"
WHERE n."status" = 'RESOLVED' AND n."item_kind" = 'disbursement' AND n."item_ref" = d."uuid" AND d."status" IN ('FINALIZED', 'REJECTED', 'FAILED', 'VOIDED');--> statement-breakpoint
UPDATE "notifications" n SET "outcome" = CASE a."status"
    WHEN 'APPROVED' THEN 'Approved by ' || u."email"
    WHEN 'DECLINED' THEN 'Declined by ' || u."email"
    WHEN 'CANCELLED' THEN 'Cancelled by ' || m."email"
    ELSE 'Expired: no SUPER ADMIN decided in time' END
FROM "approval_requests" a JOIN "users" m ON m."id" = a."maker_id" LEFT JOIN "users" u ON u."id" = a."checker_id"
WHERE n."status" = 'RESOLVED' AND n."item_kind" = 'approval' AND n."item_ref" = a."id"::text AND a."status" <> 'PENDING_APPROVAL';--> statement-breakpoint
-- Anything else resolved (a callback delivered later): the plain word.
UPDATE "notifications" SET "outcome" = CASE "item_kind" WHEN 'callback' THEN 'Delivered' ELSE 'Resolved' END WHERE "status" = 'RESOLVED' AND "outcome" IS NULL;
