-- A group chat's bot_id is its first character (decision 033), and chats.bot_id cascades on delete:
-- deleting that character deleted the whole group chat. Before a bot goes, each group chat that
-- shows it there and has another character is handed to its next one (by list order); a chat
-- with that character alone goes with it, as before.
CREATE FUNCTION "bots_hand_over_group_chats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chats c
     SET bot_id = (SELECT cb.bot_id FROM chat_bots cb WHERE cb.chat_id = c.id AND cb.bot_id <> OLD.id ORDER BY cb.position LIMIT 1)
   WHERE c.bot_id = OLD.id
     AND c.turn_order IS NOT NULL
     AND EXISTS (SELECT 1 FROM chat_bots cb WHERE cb.chat_id = c.id AND cb.bot_id <> OLD.id);
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bots_hand_over_group_chats" BEFORE DELETE ON "bots" FOR EACH ROW EXECUTE FUNCTION "bots_hand_over_group_chats"();
