CREATE TABLE "bot_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_ratings" (
	"bot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_stats" (
	"bot_id" uuid NOT NULL,
	"date" text NOT NULL,
	"total_chats" integer DEFAULT 0 NOT NULL,
	"total_messages" integer DEFAULT 0 NOT NULL,
	"total_images_generated" integer DEFAULT 0 NOT NULL,
	"total_videos_generated" integer DEFAULT 0 NOT NULL,
	"total_tokens_used" integer DEFAULT 0 NOT NULL,
	"unique_users" integer DEFAULT 0 NOT NULL,
	"avg_response_time" real,
	"errors" integer DEFAULT 0 NOT NULL,
	"revenue" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"group_id" bigint,
	"variant" smallint DEFAULT 0 NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"error" text,
	"charge_key" text,
	"tokens_used" integer,
	"response_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"key" text NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_logs" ADD CONSTRAINT "bot_logs_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_logs" ADD CONSTRAINT "bot_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ratings" ADD CONSTRAINT "bot_ratings_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ratings" ADD CONSTRAINT "bot_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_stats" ADD CONSTRAINT "bot_stats_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_logs_bot_created_idx" ON "bot_logs" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "bot_logs_created_idx" ON "bot_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_ratings_unique" ON "bot_ratings" USING btree ("bot_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_stats_bot_date_unique" ON "bot_stats" USING btree ("bot_id","date");--> statement-breakpoint
CREATE INDEX "chat_messages_visible_idx" ON "chat_messages" USING btree ("chat_id","id" desc) WHERE selected;--> statement-breakpoint
CREATE INDEX "chat_messages_group_idx" ON "chat_messages" USING btree ("group_id","variant");--> statement-breakpoint
CREATE INDEX "chats_user_updated_idx" ON "chats" USING btree ("user_id","updated_at" desc);--> statement-breakpoint
CREATE INDEX "chats_bot_idx" ON "chats" USING btree ("bot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_key_unique" ON "job_runs" USING btree ("job","key");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_requests_open_report_unique" ON "moderation_requests" USING btree ("bot_id","requested_by") WHERE type = 'report' and status = 'pending';