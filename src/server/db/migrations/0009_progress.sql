CREATE TABLE "call_outcomes" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"result" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_outcomes_result_check" CHECK (result in ('won', 'moved_forward', 'stalled', 'lost')),
	CONSTRAINT "call_outcomes_note_length_check" CHECK (char_length(note) <= 500)
);
--> statement-breakpoint
ALTER TABLE "call_outcomes" ADD CONSTRAINT "call_outcomes_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_outcomes" ADD CONSTRAINT "call_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_outcomes_user_idx" ON "call_outcomes" USING btree ("user_id","created_at");