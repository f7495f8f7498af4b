-- Unlogged: no WAL, so counting a request costs no disk flush; a crash empties it, which only
-- loosens the limits for one window (as the in-memory counters it replaces did on every restart).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "free_messages_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
-- Conversations a free window opened before this column existed start from the rep messages they already hold.
UPDATE "chat_sessions" c SET "free_messages_used" = (
	SELECT count(*) FROM "chat_messages" m WHERE m."chat_session_id" = c."id" AND m."role" = 'user'
) WHERE c."free_window_start" IS NOT NULL;
