CREATE TABLE "lottery_ticket_wins" (
	"ticket_id" bigint PRIMARY KEY NOT NULL,
	"payout_minor" bigint NOT NULL,
	"payout_transfer_id" bigint,
	CONSTRAINT "lottery_ticket_wins_payout" CHECK (payout_minor >= 0)
);
--> statement-breakpoint
ALTER TABLE "lottery_tickets" DROP CONSTRAINT "lottery_tickets_status";--> statement-breakpoint
DROP INDEX "lottery_tickets_issue_status";--> statement-breakpoint
CREATE INDEX "lottery_tickets_issue" ON "lottery_tickets" USING btree ("issue_id");--> statement-breakpoint
ALTER TABLE "lottery_tickets" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "lottery_tickets" DROP COLUMN "payout_minor";--> statement-breakpoint
ALTER TABLE "lottery_tickets" DROP COLUMN "payout_transfer_id";--> statement-breakpoint
ALTER TABLE "lottery_tickets" DROP COLUMN "settled_at";