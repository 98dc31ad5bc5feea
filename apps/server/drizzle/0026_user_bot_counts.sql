CREATE TABLE "user_bot_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bots" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_bot_counts_not_negative" CHECK ("user_bot_counts"."bots" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_bot_counts" ADD CONSTRAINT "user_bot_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts of the bots that exist now; from here on the triggers below keep them. Writers of
-- bots wait until the triggers exist (the migrations run in one transaction): an instance still
-- running the old code would otherwise add or delete a bot between the count and the triggers,
-- and that user's count would be off for good.
LOCK TABLE "bots" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "user_bot_counts" ("user_id", "bots")
SELECT "created_by", count(*) FROM "bots" GROUP BY "created_by";
--> statement-breakpoint
-- Once per statement, with the rows it made or deleted (an import writes ten bots in one insert).
-- An insert takes the counts in user order, so two that touch the same users never wait on each other in a circle.
CREATE FUNCTION "bots_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_bot_counts (user_id, bots)
  SELECT created_by, count(*) FROM added GROUP BY created_by ORDER BY created_by
  ON CONFLICT (user_id) DO UPDATE SET bots = user_bot_counts.bots + excluded.bots;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bots_count_added" AFTER INSERT ON "bots" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "bots_count_added"();
--> statement-breakpoint
-- A user's deletion takes their count with it (cascade): then this matches nothing.
CREATE FUNCTION "bots_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_bot_counts c SET bots = c.bots - r.n
    FROM (SELECT created_by, count(*) AS n FROM removed GROUP BY created_by) r
   WHERE c.user_id = r.created_by;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bots_count_removed" AFTER DELETE ON "bots" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "bots_count_removed"();
--> statement-breakpoint
-- A bot handed to another owner moves between counts.
CREATE FUNCTION "bots_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_bot_counts SET bots = bots - 1 WHERE user_id = OLD.created_by;
  INSERT INTO user_bot_counts (user_id, bots) VALUES (NEW.created_by, 1)
  ON CONFLICT (user_id) DO UPDATE SET bots = user_bot_counts.bots + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bots_count_moved" AFTER UPDATE OF "created_by" ON "bots" FOR EACH ROW WHEN (OLD.created_by IS DISTINCT FROM NEW.created_by) EXECUTE FUNCTION "bots_count_moved"();
