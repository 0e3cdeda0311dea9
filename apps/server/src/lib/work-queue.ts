import { AppError } from './app-error';

export type WorkQueueOptions = {
  /** Jobs running at once (one per core for argon2). */
  concurrency: number;
  /** A job is queued while its estimated wait is under this; beyond it, refused at once with 503. */
  maxWaitMs: number;
  /** The time per job assumed until one is measured (`calibrate`, then every job). */
  initialJobMs: number;
  /** Jobs (running or waiting) one key may have at once, by kind of key (e.g. `{ ip: 2, account: 2 }`). */
  perKey?: Record<string, number>;
  /** The 503's message (the UI shows it as is). */
  busyMessage: string;
};

/** The time per job is the fastest of this many recent jobs. */
const WINDOW = 16;
/** Retry-After never says more than this (seconds): the queue drains quickly once a burst ends. */
const MAX_RETRY_AFTER_S = 10;

/**
 * A queue for expensive work (argon2 password checks) that sheds by expected wait, not by a count: a job runs at
 * once when a slot is free, waits while the estimated wait (jobs ahead ÷ slots × measured time per job) is under
 * `maxWaitMs`, and is refused beyond that with 503 and a Retry-After of about the wait it would have had. A burst
 * of real people is queued as long as it can be served in time; a flood is refused quickly instead of holding
 * everyone for minutes. The time per job is measured at start (`calibrate`) and kept up to date as jobs run.
 *
 * `perKey` caps what one client may have in the queue at once (2 per address, 2 per account): a flood from a few
 * addresses cannot fill it, and someone else's real login is queued behind at most two jobs per flooding address.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly held = new Map<string, number>();
  private jobMs: number;
  private readonly recent: number[] = [];

  constructor(private readonly opts: WorkQueueOptions) {
    this.jobMs = opts.initialJobMs;
  }

  /** Jobs running now and jobs waiting, for tests and diagnostics. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** The time per job the estimate uses, in milliseconds. */
  get averageJobMs(): number {
    return this.jobMs;
  }

  /**
   * Takes a measured job time. The estimate is the fastest of the last WINDOW jobs, a moving figure that follows
   * the machine (when argon2 slows down because the CPU is busy, every job does) but not the event-loop delays a
   * burst's arrival adds to the jobs measured during it: those are not argon2's cost, and an average of them
   * tripled the estimate and refused a burst the queue would have served in time.
   */
  private measured(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > WINDOW) this.recent.shift();
    this.jobMs = Math.min(...this.recent);
  }

  /** The wait a job arriving now would have, in milliseconds. */
  estimatedWaitMs(): number {
    if (this.running < this.opts.concurrency) return 0;
    return Math.ceil((this.waiting.length + 1) / this.opts.concurrency) * this.jobMs;
  }

  /** Measures a job (outside the queue) and takes its time as the starting estimate. */
  async calibrate(job: () => Promise<unknown>): Promise<void> {
    const started = performance.now();
    await job();
    this.recent.length = 0;
    this.measured(performance.now() - started);
  }

  /**
   * Runs the job in turn. `keys` are the client's keys by kind (`{ ip: '203.0.113.7', account: 'id:42' }`): a kind
   * listed in `perKey` refuses the job when that key already has its share in the queue.
   */
  async run<T>(job: () => Promise<T>, keys: Record<string, string> = {}): Promise<T> {
    const mine = Object.entries(keys)
      .filter(([kind]) => this.opts.perKey?.[kind] !== undefined)
      .map(([kind, key]) => ({ id: `${kind}:${key}`, cap: this.opts.perKey![kind]! }));
    if (mine.some(({ id, cap }) => (this.held.get(id) ?? 0) >= cap)) throw this.busy(1000);
    const wait = this.estimatedWaitMs();
    if (wait > this.opts.maxWaitMs) throw this.busy(wait);

    for (const { id } of mine) this.held.set(id, (this.held.get(id) ?? 0) + 1);
    try {
      if (this.running >= this.opts.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running += 1;
      const started = performance.now();
      try {
        return await job();
      } finally {
        this.measured(performance.now() - started);
        // Hand the slot straight to the next waiter, so `running` never drops below the work in flight.
        const next = this.waiting.shift();
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      for (const { id } of mine) {
        const n = (this.held.get(id) ?? 1) - 1;
        if (n > 0) this.held.set(id, n);
        else this.held.delete(id);
      }
    }
  }

  private busy(waitMs: number): AppError {
    const seconds = Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(waitMs / 1000)));
    return new AppError(503, 'server_busy', this.opts.busyMessage, undefined, { 'retry-after': String(seconds) });
  }
}
