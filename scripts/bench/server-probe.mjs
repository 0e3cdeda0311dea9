// Loaded into the benchmarked server with `node --import` (scripts/bench/run.mjs), never in production: measures
// the event-loop delay (perf_hooks histogram) and the resident memory of the server process. On SIGUSR2 it writes
// what it saw since the previous SIGUSR2 to the file named by AGORA_BENCH_PROBE, then starts a new window.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.AGORA_BENCH_PROBE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let maxRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage.rss())), 100);
  sampler.unref();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    const rss = process.memoryUsage.rss();
    const window = {
      at: Date.now(),
      rssBytes: rss,
      maxRssBytes: Math.max(maxRss, rss),
      heapUsedBytes: process.memoryUsage().heapUsed,
      eventLoopDelayMs: {
        mean: ms(histogram.mean),
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
      },
    };
    writeFileSync(file, JSON.stringify(window));
    histogram.reset();
    maxRss = rss;
  });
}
