CREATE TABLE "practice_days" (
	"user_id" integer NOT NULL,
	"week_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "practice_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"behaviour_id" text NOT NULL,
	"reason" text NOT NULL,
	"ranking" jsonb NOT NULL,
	"swaps" integer DEFAULT 0 NOT NULL,
	"time_zone" text,
	"start_date" date,
	"reminder_time" text DEFAULT '08:30' NOT NULL,
	"accepted_at" timestamp with time zone,
	"check_in_did_it" text,
	"check_in_result" text,
	"check_in_note" text,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_days" ADD CONSTRAINT "practice_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_days" ADD CONSTRAINT "practice_days_week_id_practice_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."practice_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_weeks" ADD CONSTRAINT "practice_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_weeks_one_open_idx" ON "practice_weeks" USING btree ("user_id") WHERE "practice_weeks"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "practice_weeks_user_idx" ON "practice_weeks" USING btree ("user_id","created_at");