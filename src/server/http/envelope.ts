import { z } from './zod';

/** `{ data, error: null }`: the success half of the API envelope. */
export const ok = <T>(data: T) => ({ data, error: null });

export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Response schema of an envelope carrying `data`, for the OpenAPI document. */
export const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ data, error: z.null() });
export const errorEnvelope = z.object({ data: z.null(), error: errorSchema });
