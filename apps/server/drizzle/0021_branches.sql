ALTER TABLE "chat_messages" ADD COLUMN "copied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "branched_from" bigint;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_parent_id_chats_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chats_parent_idx" ON "chats" USING btree ("parent_id") WHERE parent_id is not null;--> statement-breakpoint
CREATE INDEX "chats_persona_idx" ON "chats" USING btree ("persona_id") WHERE persona_id is not null;