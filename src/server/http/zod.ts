/**
 * Zod's classic (method-chaining) API for schemas that only the server uses: route parameters, response
 * shapes, configuration. The shared schemas use `zod/mini` (src/shared/zod.ts) so the browser stays
 * small; both build on the same zod core, so they nest freely and share the Korean locale set there.
 */
import '../../shared/zod';

export { z } from 'zod';
