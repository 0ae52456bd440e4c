/**
 * zod 4 probes `new Function` the first time it parses an object, to decide whether to compile fast validators; the
 * portal's CSP (`script-src 'self'`) blocks that probe and the browser logs a violation on every page. Jitless mode
 * skips the probe. Imported first by main.tsx, before any schema is used.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
