import { ERROR_CODES, type ErrorCode } from '../../shared/errors';

/** The one error type of the server: a code (mapped to an HTTP status) and a Korean message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.fields = fields;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
