import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * `request.log` that becomes a real child logger (with the request id bound) only when something logs through it.
 * Fastify makes a child logger for every request, and pino's child serializes its bindings at once: most requests
 * never log, so that was work on every request for nothing. Log lines are the same as with an eager child.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  /** Reading the level needs no child (it is inherited) unless the route set its own. */
  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }

  #log(level: Level, args: unknown[]): void {
    const real = this.#real();
    (real[level] as (...a: unknown[]) => void).apply(real, args);
  }

  // Prototype methods, not arrow-function fields: nothing is allocated per request beyond the object itself.
  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(...args: unknown[]): void {
    this.#log('silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify `childLoggerFactory`: request loggers are created on first use. */
export function lazyChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
