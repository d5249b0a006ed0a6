import * as z from 'zod/mini';
import ko from 'zod/v4/locales/ko.js';

// Zod's generic messages (wrong type, unknown key, …) in Korean, on the client and on the server alike
// (the configuration is global to zod's core, so it also covers the server's classic-API schemas).
z.config(ko());

/**
 * The shared schemas use zod's functional API (`zod/mini`, ~5 KB gzipped in the browser instead of the
 * classic API's ~90 KB): `z.string().check(z.trim(), z.maxLength(…))`, `z.optional(…)`, `z.pipe(…)`.
 * Decision 0081.
 */
export { z };
