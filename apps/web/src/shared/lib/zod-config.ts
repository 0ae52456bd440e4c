/**
 * zod as the app uses it, set up before the first parse by every module of the app that parses with a schema
 * (use-contract-form.ts for the forms, personal-form.tsx); not by main.tsx, which would bring zod's core (some 4 KB of
 * gzip) into every page's first load, also where no schema is ever used.
 * - Messages in Russian: the contracts install them when they load, but the package is marked side-effect free, so
 *   the bundle drops that install; it is called here.
 * - No code generation: zod 4 probes `new Function` the first time it parses an object, to decide whether to compile
 *   fast validators; the portal's CSP (`script-src 'self'`) blocks that probe and the browser logs a violation on
 *   every page. Jitless mode skips the probe.
 */
import { installRussianMessages } from '@portal/contracts';
import { config } from 'zod/v4/core';

config({ jitless: true });
installRussianMessages();
