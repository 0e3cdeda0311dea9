-- Accounts created before email verification existed (issue 14) keep working as before: they count as verified
-- from their creation, so no existing member is suddenly held to the unverified limits (decision record).
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;
