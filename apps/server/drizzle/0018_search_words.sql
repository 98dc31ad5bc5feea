CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"bots" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The lexicon's words (decision 025): the public bots' lexemes of 3 letters or more, numbers left out.
CREATE FUNCTION "search_words_of"("search_text" text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', "search_text"))) w WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
$$;--> statement-breakpoint
INSERT INTO "search_words" ("word", "bots")
  SELECT w, count(*) FROM "bots", search_words_of("bots"."search_text") w
  WHERE "bots"."visibility" = 'public' AND "bots"."is_active" GROUP BY w;--> statement-breakpoint
-- A public bot's new words are in the lexicon as soon as it is written (the periodic recount fixes the counts).
CREATE FUNCTION "bots_take_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.visibility = 'public' AND NEW.is_active THEN
    INSERT INTO search_words (word, bots) SELECT w, 1 FROM search_words_of(NEW.search_text) w ON CONFLICT (word) DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bots_search_words" AFTER INSERT OR UPDATE OF "search_text", "visibility", "is_active" ON "bots"
  FOR EACH ROW EXECUTE FUNCTION "bots_take_search_words"();
