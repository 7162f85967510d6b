/*
 * LIKE / ILIKE patterns built from user text. Postgres' default escape character is the
 * backslash, so escaping \, % and _ makes the text match only itself: a search cannot widen
 * itself with its own wildcards.
 */

/** The text with its LIKE wildcards (% and _) and the escape character (\) escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A contains-pattern (`%text%`) of the text, its own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
