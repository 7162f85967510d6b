import { config } from 'zod/v4/core';

/*
 * The site's `zod`: vite.config.ts aliases the bare specifier `zod` to this file, so every module
 * of the bundle that uses Zod (the contracts included) imports it through here, and ES module
 * order guarantees the line below runs before any of them can parse. Zod compiles faster parsers
 * with `new Function` after probing whether eval is allowed; the site's Content-Security-Policy
 * forbids eval (issue 11, finding 9), and Chromium reports even the caught probe as a policy
 * violation. An import at the top of main.tsx was not enough: the bundler evaluates the chunks an
 * entry imports before the entry's own code, so a parse in one of them probed first.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
