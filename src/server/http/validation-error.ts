import type { FastifyError } from 'fastify';
import { MSG } from '../../shared/messages';
import { AppError } from './errors';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
}

const HANGUL = /[가-힣]/;

/** Turns a request validation failure (zod issues via fastify-type-provider-zod) into a Korean AppError. */
export function validationToAppError(err: FastifyError): AppError {
  const issues = (err.validation ?? []) as unknown as ValidationIssue[];
  const fields: Record<string, string> = {};
  let first: string | undefined;
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    let message = issue.message ?? MSG.common.invalidInput;
    if (issue.keyword === 'unrecognized_keys') message = `${MSG.common.unknownField} (${message})`;
    else if (!HANGUL.test(message)) message = MSG.common.invalidInput;
    if (path && !fields[path]) fields[path] = message;
    first ??= message;
  }
  return new AppError(
    'VALIDATION',
    first ?? MSG.common.invalidInput,
    Object.keys(fields).length ? fields : undefined,
  );
}
