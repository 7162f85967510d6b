-- Kismat Originals (issue 23): the card games (Dragon Tiger, Andar Bahar, Teen Patti) join dice, mines and plinko in original_rounds.
ALTER TABLE "original_rounds" DROP CONSTRAINT IF EXISTS "original_rounds_game";--> statement-breakpoint
ALTER TABLE "original_rounds" ADD CONSTRAINT "original_rounds_game" CHECK (game in ('DICE', 'MINES', 'PLINKO', 'DRAGON_TIGER', 'ANDAR_BAHAR', 'TEEN_PATTI'));
