import { z } from '../zod';

/** Puts `message` under `field` of the form (a zod custom issue at that path). */
export type FieldIssue = (field: string, message: string) => void;

/**
 * zod check: a rule that joins several fields of a body (a confirmation that must match, an address of the
 * chosen network, …). `rule` gets the parsed body and `issue`, which puts a message under one field: the form
 * shows it there, the server answers it in the error's `fields`.
 */
export const crossFieldRule = <T>(rule: (v: T, issue: FieldIssue) => void) =>
  z.superRefine<T>((v, ctx) =>
    rule(v, (field, message) => ctx.addIssue({ code: 'custom', path: [field], message })),
  );
