CREATE TABLE "user_level_ups" (
	"user_id" uuid NOT NULL,
	"prestige_level" integer NOT NULL,
	"level" integer NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_level_ups_user_id_prestige_level_level_pk" PRIMARY KEY("user_id","prestige_level","level")
);
--> statement-breakpoint
CREATE TABLE "user_prestiges" (
	"user_id" uuid NOT NULL,
	"prestige_level" integer NOT NULL,
	"total_xp" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_prestiges_user_id_prestige_level_pk" PRIMARY KEY("user_id","prestige_level")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "user_level_ups" ADD CONSTRAINT "user_level_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prestiges" ADD CONSTRAINT "user_prestiges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_level_ups_user_idx" ON "user_level_ups" USING btree ("user_id","reached_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_unique" ON "notifications" USING btree ("user_id","dedupe_key");