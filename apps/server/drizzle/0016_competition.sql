CREATE TABLE "challenge_room_players" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"rank" integer,
	"reward" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "challenge_room_players_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" text NOT NULL,
	"name" text NOT NULL,
	"host_id" uuid,
	"is_private" boolean DEFAULT false NOT NULL,
	"invite_code" text,
	"max_players" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_rooms_players_range" CHECK ("challenge_rooms"."max_players" between 2 and 10)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_cursors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_award_id" bigint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_members" (
	"board_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_members_board_id_user_id_pk" PRIMARY KEY("board_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_periods" (
	"board_id" text NOT NULL,
	"period" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "leaderboard_periods_board_id_period_pk" PRIMARY KEY("board_id","period")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_scores" (
	"board_id" text NOT NULL,
	"period" text NOT NULL,
	"user_id" uuid NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_scores_user_id_board_id_period_pk" PRIMARY KEY("user_id","board_id","period")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_tail" (
	"name" text PRIMARY KEY NOT NULL,
	"last_award_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_winners" (
	"board_id" text NOT NULL,
	"period" text NOT NULL,
	"user_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"score" bigint NOT NULL,
	CONSTRAINT "leaderboard_winners_board_id_period_user_id_pk" PRIMARY KEY("board_id","period","user_id")
);
--> statement-breakpoint
CREATE TABLE "season_claims" (
	"season_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tier" integer NOT NULL,
	"track" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_claims_season_id_user_id_tier_track_pk" PRIMARY KEY("season_id","user_id","tier","track")
);
--> statement-breakpoint
CREATE TABLE "season_passes" (
	"season_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"price_gems" integer NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_passes_season_id_user_id_pk" PRIMARY KEY("season_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"price_gems" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_dates_check" CHECK ("seasons"."ends_at" > "seasons"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "challenge_room_players" ADD CONSTRAINT "challenge_room_players_room_id_challenge_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."challenge_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_room_players" ADD CONSTRAINT "challenge_room_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_rooms" ADD CONSTRAINT "challenge_rooms_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_cursors" ADD CONSTRAINT "leaderboard_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_members" ADD CONSTRAINT "leaderboard_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_winners" ADD CONSTRAINT "leaderboard_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_claims" ADD CONSTRAINT "season_claims_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_claims" ADD CONSTRAINT "season_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_passes" ADD CONSTRAINT "season_passes_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_passes" ADD CONSTRAINT "season_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_room_players_one_active" ON "challenge_room_players" USING btree ("user_id") WHERE active;--> statement-breakpoint
CREATE INDEX "challenge_room_players_user_idx" ON "challenge_room_players" USING btree ("user_id","joined_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_rooms_invite_code_unique" ON "challenge_rooms" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "challenge_rooms_open_idx" ON "challenge_rooms" USING btree ("challenge_id","created_at" desc) WHERE status = 'waiting' and not is_private;--> statement-breakpoint
CREATE INDEX "challenge_rooms_due_idx" ON "challenge_rooms" USING btree ("status","starts_at","ends_at") WHERE status <> 'finished';--> statement-breakpoint
CREATE INDEX "leaderboard_members_user_idx" ON "leaderboard_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_scores_rank_idx" ON "leaderboard_scores" USING btree ("board_id","period","score","user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_winners_user_idx" ON "leaderboard_winners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "seasons_ends_at_idx" ON "seasons" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "xp_awards_user_id_idx" ON "xp_awards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "xp_awards_user_time_idx" ON "xp_awards" USING btree ("user_id","created_at");