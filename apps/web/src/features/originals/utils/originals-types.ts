import type { FairnessState, RevealedSeed, rotateSeedResponse } from '@kismat/contracts/house-games';
import type {
  minesOpenResponse,
  OriginalRound,
  originalPlayResponse,
  originalRoundsResponse,
  originalsConfigResponse,
} from '@kismat/contracts/originals';
import type { z } from 'zod';

/** The `value` of an envelope schema: what api-client returns. */
type ValueOf<Schema extends z.ZodType> = z.infer<Schema> extends { value: infer Value } ? Value : never;

export type { FairnessState, OriginalRound, RevealedSeed };
export type OriginalsConfig = ValueOf<typeof originalsConfigResponse>;
export type PlayValue = ValueOf<typeof originalPlayResponse>;
export type OpenMinesValue = ValueOf<typeof minesOpenResponse>;
export type OriginalRoundsValue = ValueOf<typeof originalRoundsResponse>;
export type RotateSeedValue = ValueOf<typeof rotateSeedResponse>;
