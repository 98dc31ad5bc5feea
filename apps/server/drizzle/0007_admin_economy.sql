CREATE TABLE "api_token_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"tokens_purchased" bigint NOT NULL,
	"cost_usd" numeric(14, 4) DEFAULT 0 NOT NULL,
	"price_paid_eur" numeric(14, 4) NOT NULL,
	"cost_rub" numeric(16, 4) NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"purchase_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_token_purchases_amounts" CHECK ("api_token_purchases"."tokens_purchased" > 0 and "api_token_purchases"."price_paid_eur" > 0 and "api_token_purchases"."cost_usd" >= 0 and "api_token_purchases"."cost_rub" >= 0)
);
--> statement-breakpoint
ALTER TABLE "api_token_purchases" ADD CONSTRAINT "api_token_purchases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_token_purchases_date_idx" ON "api_token_purchases" USING btree ("purchase_date");--> statement-breakpoint
-- The spec's default seed purchase (bots-header-auth.md §9): 10 000 tokens for 150 EUR, cost_rub = 100 × 150. Once, with the table.
INSERT INTO "api_token_purchases" ("platform", "tokens_purchased", "cost_usd", "price_paid_eur", "cost_rub", "supplier", "purchase_date", "notes") VALUES ('openai', 10000, 0, 150, 15000, 'Default', current_date, 'Default seed purchase');
