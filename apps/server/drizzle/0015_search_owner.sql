-- The owner of each message, for the search's one-index lookup of a user's messages by their words (decision 025).
-- (This migration once also created btree_gin and a GIN index on (user_id, the words), which 0017
-- replaced. Both are gone from here: PGlite cannot hold btree_gin next to pg_trgm, decision 025.)
DROP INDEX "chat_messages_search_fts_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "chat_messages" SET "user_id" = "chats"."user_id" FROM "chats" WHERE "chats"."id" = "chat_messages"."chat_id";--> statement-breakpoint
-- Every insert takes the chat's owner, whatever it says: the chats area, imports and scripts need not know.
CREATE FUNCTION "chat_messages_take_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.user_id := (SELECT user_id FROM chats WHERE id = NEW.chat_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_owner" BEFORE INSERT ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION "chat_messages_take_owner"();
