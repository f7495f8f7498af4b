CREATE TABLE "training_progress" (
	"user_id" integer NOT NULL,
	"part_id" text NOT NULL,
	"saved_at" timestamp with time zone,
	"watched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_progress_user_id_part_id_pk" PRIMARY KEY("user_id","part_id")
);
--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;