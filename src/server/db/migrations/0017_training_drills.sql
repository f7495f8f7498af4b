CREATE TABLE "training_drills" (
	"chat_session_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"part_id" text NOT NULL,
	"motion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "training_drills" ADD CONSTRAINT "training_drills_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_drills" ADD CONSTRAINT "training_drills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;