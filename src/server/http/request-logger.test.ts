import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';
import { requestLogger } from './request-logger';

/** Fastify's own logger (pino) writing its JSON lines into an array. */
function captured(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { logger: Fastify({ logger: { level, stream } }).log, lines, stream };
}

describe('the per-request logger', () => {
  it('makes its pino child at the first line only, with the same bindings', () => {
    const { logger, lines } = captured();
    let children = 0;
    const original = logger.child;
    logger.child = function (this: FastifyBaseLogger, ...args: Parameters<FastifyBaseLogger['child']>) {
      children++;
      return original.apply(this, args);
    } as typeof logger.child;
    const log = requestLogger(logger, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    expect(children).toBe(0);
    log.warn({ n: 1 }, 'first');
    log.error('second');
    log.debug('below the level');
    expect(children).toBe(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.n])).toEqual([
      ['req-7', 'first', 1],
      ['req-7', 'second', undefined],
    ]);
    const grandchild = log.child({ step: 'x' });
    grandchild.info('third');
    expect(lines.at(-1)).toMatchObject({ reqId: 'req-7', step: 'x', msg: 'third' });
  });

  it('follows a route-level level and can be changed', () => {
    const { logger, lines } = captured();
    const log = requestLogger(logger, { reqId: 'req-8' }, { level: 'error' });
    expect(log.level).toBe('error');
    log.warn('filtered by the route level');
    expect(lines).toHaveLength(0);
    log.level = 'warn';
    log.warn('now written');
    expect(lines.map((l) => l.msg)).toEqual(['now written']);
  });

  it("is Fastify's request logger: a handler's and an error's lines carry the request id", async () => {
    const { lines, stream } = captured();
    const app = Fastify({
      logger: { level: 'info', stream },
      childLoggerFactory: requestLogger,
      disableRequestLogging: true,
    });
    app.get('/ok', async (req) => {
      req.log.warn('handled');
      return { ok: true };
    });
    app.setErrorHandler(errorHandler);
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    try {
      expect((await app.inject('/ok')).statusCode).toBe(200);
      expect((await app.inject('/boom')).statusCode).toBe(500);
      const ids = lines.map((l) => l.reqId);
      expect(lines.map((l) => l.msg)).toEqual(['handled', 'unhandled error']);
      expect(ids[0]).toMatch(/^req-/);
      expect(ids[1]).toMatch(/^req-/);
      expect(ids[0]).not.toBe(ids[1]);
    } finally {
      await app.close();
    }
  });
});
