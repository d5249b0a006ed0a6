import { z } from './zod';

/**
 * A row's id in a path. PostgreSQL writes UUIDs in lower case, and some records keep an id as text (the
 * audit's target, a proposal's target, the 30-day approval ban after a recovery): an id typed in capitals
 * would name the same row through a uuid cast yet match none of them, so ids are lower-cased on the way in.
 * Text that is no UUID is simply not found (404).
 */
const rowId = z.string().max(100).toLowerCase();

/** `/…/:id` */
export const idParams = z.strictObject({ id: rowId });
/** `/…/:id/…/:itemId` */
export const idItemParams = z.strictObject({ id: rowId, itemId: rowId });
