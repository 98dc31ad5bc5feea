CREATE TABLE "user_quests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"quest_id" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"start_day" date NOT NULL,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_quests" ADD CONSTRAINT "user_quests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_quests_period_unique" ON "user_quests" USING btree ("user_id","quest_id","period");--> statement-breakpoint
CREATE INDEX "user_quests_user_idx" ON "user_quests" USING btree ("user_id","started_at");