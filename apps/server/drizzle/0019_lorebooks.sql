CREATE TABLE "chat_lorebooks" (
	"chat_id" uuid NOT NULL,
	"lorebook_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_lorebooks_chat_id_lorebook_id_pk" PRIMARY KEY("chat_id","lorebook_id")
);
--> statement-breakpoint
CREATE TABLE "reply_prompts" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"chat_id" uuid NOT NULL,
	"prompt" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lorebooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "lorebook_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_lorebooks" ADD CONSTRAINT "chat_lorebooks_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_lorebooks" ADD CONSTRAINT "chat_lorebooks_lorebook_id_lorebooks_id_fk" FOREIGN KEY ("lorebook_id") REFERENCES "public"."lorebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_prompts" ADD CONSTRAINT "reply_prompts_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_prompts" ADD CONSTRAINT "reply_prompts_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lorebooks" ADD CONSTRAINT "lorebooks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_lorebooks_lorebook_idx" ON "chat_lorebooks" USING btree ("lorebook_id");--> statement-breakpoint
CREATE INDEX "reply_prompts_chat_idx" ON "reply_prompts" USING btree ("chat_id","message_id" desc);--> statement-breakpoint
CREATE INDEX "lorebooks_owner_updated_idx" ON "lorebooks" USING btree ("owner_id","updated_at" desc);--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_lorebook_id_lorebooks_id_fk" FOREIGN KEY ("lorebook_id") REFERENCES "public"."lorebooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bots_lorebook_idx" ON "bots" USING btree ("lorebook_id") WHERE lorebook_id is not null;