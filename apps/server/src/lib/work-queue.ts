import { AppError } from './app-error';

/**
 * Runs at most `concurrency` jobs at once and lets at most `maxWaiting` more wait their turn; a job that would
 * wait beyond that is refused at once with 503 and Retry-After, so a flood of expensive work (argon2 password
 * checks) answers quickly instead of queueing for ever and a real user's request still gets a slot.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  /** Jobs running now and jobs waiting, for tests and diagnostics. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting)
        throw new AppError(503, 'server_busy', this.busyMessage, undefined, { 'retry-after': '1' });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never drops below the work in flight.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
