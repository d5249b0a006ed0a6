import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isDatabaseInputError } from './crafted-bytes';
import { AppError, isAppError } from './errors';
import { validationToAppError } from './validation-error';

/** The error envelope: an AppError's status and Korean message; anything else a logged, generic 500. */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const appErr = toAppError(err);
  if (!appErr) {
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ data: null, error: { code: 'INTERNAL', message: MSG.common.unexpected } });
  }
  if (appErr.status >= 500) req.log.error({ err }, appErr.message);
  return reply
    .status(appErr.status)
    .send({ data: null, error: { code: appErr.code, message: appErr.message, fields: appErr.fields } });
}

function toAppError(err: FastifyError): AppError | null {
  if (isAppError(err)) return err;
  if (isDatabaseUnavailable(err)) return new AppError('UNAVAILABLE', MSG.common.serverUnavailable);
  if (err.validation) return validationToAppError(err);
  if (isDatabaseInputError(err)) return new AppError('VALIDATION', MSG.common.badCharacters);
  // A write for a member whose account was closed meanwhile (migration 040).
  if (err.code === 'WC001') return new AppError('ACCOUNT_CLOSED', MSG.common.memberClosed);
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('INVALID_JSON', MSG.common.invalidJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('BODY_TOO_LARGE', MSG.common.bodyTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.common.unsupportedMediaType);
  }
  if (err instanceof SyntaxError) return new AppError('INVALID_JSON', MSG.common.invalidJson);
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError(
      err.statusCode === 413
        ? 'BODY_TOO_LARGE'
        : err.statusCode === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : 'VALIDATION',
      err.statusCode === 413
        ? MSG.common.bodyTooLarge
        : err.statusCode === 415
          ? MSG.common.unsupportedMediaType
          : MSG.common.invalidInput,
    );
  }
  return null;
}
