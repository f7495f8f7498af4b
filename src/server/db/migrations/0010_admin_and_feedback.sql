CREATE TABLE "admin_audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"summary" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "admin_unlocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "feedbacks_status_created_idx" ON "feedbacks" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_type_check" CHECK ("feedbacks"."type" in ('bug', 'feature', 'improvement', 'general'));--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_category_check" CHECK ("feedbacks"."category" in ('chat', 'training', 'community', 'account', 'other'));--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_status_check" CHECK ("feedbacks"."status" in ('new', 'reviewed', 'planned', 'completed'));--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_rating_check" CHECK ("feedbacks"."rating" is null or "feedbacks"."rating" between 1 and 5);