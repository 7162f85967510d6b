CREATE TABLE "live_chat_canned_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint,
	"guest_id" text,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"assigned_operator" text,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"visitor_read_seq" integer DEFAULT 0 NOT NULL,
	"operator_read_seq" integer DEFAULT 0 NOT NULL,
	"is_awaiting_offline_reply" smallint DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'BN' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat_keys" (
	"id" smallint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"sender" text NOT NULL,
	"sender_name" text,
	"kind" text DEFAULT 'TEXT' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_key" text,
	"image_type" text,
	"client_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat_operator_presence" (
	"merchant_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_chat_canned_answers" ADD CONSTRAINT "live_chat_canned_answers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_conversations" ADD CONSTRAINT "live_chat_conversations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_conversations" ADD CONSTRAINT "live_chat_conversations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_conversation_id_live_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."live_chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_operator_presence" ADD CONSTRAINT "live_chat_operator_presence_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_chat_canned_answers_title" ON "live_chat_canned_answers" USING btree ("merchant_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "live_chat_conversations_member_open" ON "live_chat_conversations" USING btree ("merchant_id","member_id") WHERE status <> 'CLOSED' AND member_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "live_chat_conversations_guest_open" ON "live_chat_conversations" USING btree ("merchant_id","guest_id") WHERE status <> 'CLOSED' AND guest_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "live_chat_conversations_queue" ON "live_chat_conversations" USING btree ("merchant_id","status","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_chat_messages_seq" ON "live_chat_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "live_chat_messages_client_id" ON "live_chat_messages" USING btree ("conversation_id","client_message_id");--> statement-breakpoint
CREATE INDEX "live_chat_messages_merchant_created" ON "live_chat_messages" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_chat_operator_presence_key" ON "live_chat_operator_presence" USING btree ("merchant_id","operator_name");