CREATE TABLE "chat_bots" (
	"chat_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_bots_chat_id_bot_id_pk" PRIMARY KEY("chat_id","bot_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "bot_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "turn_order" text;--> statement-breakpoint
ALTER TABLE "chat_bots" ADD CONSTRAINT "chat_bots_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bots" ADD CONSTRAINT "chat_bots_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_bots_bot_idx" ON "chat_bots" USING btree ("bot_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_bot_idx" ON "chat_messages" USING btree ("bot_id") WHERE bot_id is not null;