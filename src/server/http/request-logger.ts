import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

type Log = (...args: unknown[]) => void;

/**
 * The logger of one request (Fastify's `childLoggerFactory`). Fastify makes a pino child
 * per request so that the request's id is on its log lines; making one (an object, the bindings
 * serialised) cost ~21,000 instructions per request, and nearly no request writes a line (request logging
 * is off below `debug`). This one makes the same child, with the same bindings and options, at the first
 * line the request writes: every line still carries its `reqId`.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get log(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  fatal(...args: unknown[]) {
    (this.log.fatal as Log).apply(this.log, args);
  }
  error(...args: unknown[]) {
    (this.log.error as Log).apply(this.log, args);
  }
  warn(...args: unknown[]) {
    (this.log.warn as Log).apply(this.log, args);
  }
  info(...args: unknown[]) {
    (this.log.info as Log).apply(this.log, args);
  }
  debug(...args: unknown[]) {
    (this.log.debug as Log).apply(this.log, args);
  }
  trace(...args: unknown[]) {
    (this.log.trace as Log).apply(this.log, args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
