-- Kismat Originals (issue 23): plinko rounds join dice and mines in original_rounds.
ALTER TABLE "original_rounds" DROP CONSTRAINT IF EXISTS "original_rounds_game";--> statement-breakpoint
ALTER TABLE "original_rounds" ADD CONSTRAINT "original_rounds_game" CHECK (game in ('DICE', 'MINES', 'PLINKO'));
