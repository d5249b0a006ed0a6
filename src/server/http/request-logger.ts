import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

type Log = (...args: unknown[]) => void;
type LogFn = FastifyBaseLogger['info'];
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * The logger of one request (Fastify's `childLoggerFactory`). Fastify makes a pino child
 * per request so that the request's id is on its log lines; making one (an object, the bindings
 * serialised) cost ~21,000 instructions per request, and nearly no request writes a line (request logging
 * is off below `debug`). This one makes the same child, with the same bindings and options, at the first
 * line the request writes: every line still carries its `reqId`.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  static {
    // One method per level on the prototype (nothing made per request): the same call on the child.
    for (const level of LEVELS) {
      RequestLogger.prototype[level] = function (this: RequestLogger, ...args: unknown[]) {
        (this.log[level] as Log).apply(this.log, args);
      };
    }
  }

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

  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

export const requestLogger = (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
  new RequestLogger(parent, bindings, options);
