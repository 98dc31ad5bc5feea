ALTER TABLE "ledger_entries" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "bot_id" uuid;--> statement-breakpoint
-- Every account made before gems existed gets the welcome gems that new accounts get at signup
-- (GEM_CONFIG.welcomeGems, 100), once: the same idempotency key as signup's.
WITH credited AS (
  INSERT INTO "ledger_entries" ("user_id", "currency", "amount", "reason", "idempotency_key", "balance_after")
  SELECT u."id", 'gems', 100, 'welcome', 'welcome-gems:' || u."id", COALESCE(w."balance", 0) + 100
  FROM "users" u LEFT JOIN "wallets" w ON w."user_id" = u."id" AND w."currency" = 'gems'
  ON CONFLICT ("idempotency_key") DO NOTHING
  RETURNING "user_id", "balance_after"
)
INSERT INTO "wallets" ("user_id", "currency", "balance")
SELECT "user_id", 'gems', "balance_after" FROM credited
ON CONFLICT ("user_id", "currency") DO UPDATE SET "balance" = excluded."balance", "updated_at" = now();
