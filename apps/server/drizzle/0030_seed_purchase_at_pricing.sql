-- Hand-written (issue 37 §8, decision 040): the default seed purchase of migration 0007 (10 000 tokens
-- for 150 EUR, 0.015 EUR a token) contradicted the default pricing (0.001 EUR a token). It becomes
-- 150 000 tokens for the same 150 EUR. Only the untouched seed row changes: a row an admin edited is theirs.
UPDATE "api_token_purchases" SET "tokens_purchased" = 150000, "updated_at" = now()
WHERE "supplier" = 'Default' AND "notes" = 'Default seed purchase' AND "tokens_purchased" = 10000 AND "price_paid_eur" = 150 AND "created_by" IS NULL;
