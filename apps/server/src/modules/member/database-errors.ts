/**
 * The constraint a unique violation (SQLSTATE 23505) hit, looking through the wrappers
 * Drizzle puts around driver errors; null for any other error.
 */
export function uniqueViolationConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (typeof current === 'object' && current !== null) {
      const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown; cause?: unknown };
      if (candidate.code === '23505') {
        if (typeof candidate.constraint === 'string') return candidate.constraint;
        const text = `${String(candidate.message ?? '')} ${String(candidate.detail ?? '')}`;
        return /"([^"]+)"/.exec(text)?.[1] ?? 'unknown';
      }
      current = candidate.cause;
    } else {
      return null;
    }
  }
  return null;
}
