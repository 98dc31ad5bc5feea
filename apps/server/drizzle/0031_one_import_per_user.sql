ALTER TABLE "imports" ADD COLUMN "alive_at" timestamp with time zone;--> statement-breakpoint
-- Two instances could each let one import of a user through before this index: the older one goes on, a newer one stops (its report says to start it again).
UPDATE "imports" SET "status" = 'failed', "finished_at" = now()
WHERE "status" in ('queued', 'running')
  AND "id" NOT IN (SELECT DISTINCT ON ("user_id") "id" FROM "imports" WHERE "status" in ('queued', 'running') ORDER BY "user_id", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_active_per_user" ON "imports" USING btree ("user_id") WHERE status in ('receiving', 'queued', 'running');
