-- Issue #27: "watched" became "completed" (the lesson's check passed). An old watched mark was one press of a
-- button, often on a part with no video, so it proves nothing the check asks: it is kept in watched_at
-- (the export shows it) and is not copied into completed_at.
ALTER TABLE "training_progress" ADD COLUMN "completed_at" timestamp with time zone;