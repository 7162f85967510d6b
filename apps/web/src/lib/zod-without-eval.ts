import { z } from 'zod';

/*
 * Imported first by main.tsx. Zod compiles faster parsers with `new Function` after probing
 * whether eval is allowed; the site's Content-Security-Policy forbids eval (issue 11, finding
 * 9), and Chromium reports even the caught probe as a policy violation. Parsing speed in the
 * browser does not matter; a clean policy report does.
 */
z.config({ jitless: true });
