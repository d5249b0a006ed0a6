/** Error codes of the API envelope `{ data: null, error: { code, message } }`. */
export const ERROR_CODES = {
  VALIDATION: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  SECOND_FACTOR_REQUIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  FORBIDDEN_ORIGIN: 403,
  ACCOUNT_CLOSED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  NOT_PENDING: 409,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_CONFLICT: 409,
  CHAIN_OVERRIDE_REQUIRED: 409,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ACCOUNT_LOCKED: 429,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  OTP_REQUIRED: 400,
  OTP_INVALID: 400,
  OTP_REPLAYED: 400,
  TOTP_ENROLMENT_REQUIRED: 403,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}
export type Envelope<T> = { data: T; error: null } | { data: null; error: ApiErrorBody };
