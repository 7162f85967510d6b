import type { ErrorCode } from '@kismat/contracts/errors';
import type { Language } from '@kismat/contracts/languages';

/** A part of the error-message catalogue: each code's text in every interface language. */
export type MessageCatalogue = Partial<Record<ErrorCode, Record<Language, string>>>;
