import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/messages';
import { AppError } from './errors';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies are read as bytes and refused (400) unless they are valid UTF-8: Fastify's own parser
 * decodes leniently, so an overlong or surrogate sequence or a stray byte would arrive as U+FFFD and be
 * stored as if the client had typed it. Parsing itself stays Fastify's (prototype-poisoning checks).
 */
export function strictUtf8Json(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(new AppError('VALIDATION', MSG.common.invalidUtf8), undefined);
      return;
    }
    parseJson(req, text, done);
  });
}
