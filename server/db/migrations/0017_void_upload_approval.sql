-- Issue 25: the void upload can now be held for a second SUPER ADMIN, so its entry takes the
-- issue's default (Rp. 100,000,000 returned). Until now the server refused anything but 'off' for
-- it, and the Policy tab saves every line, so an 'off' entry was never anyone's choice.
UPDATE "approval_policy" SET "mode" = 'threshold', "threshold" = 100000000, "updated_at" = now()
WHERE "action" = 'void-upload' AND "mode" = 'off';
