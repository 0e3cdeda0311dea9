import { afterAll, beforeAll, describe, it } from 'vitest';
import { nodesSuite } from './nodes-suite';
import { hasRedisServer, startRedis } from './redis-server';

// The same three nodes with REDIS_URL: the Redis adapter, Redis rate limits and Redis presence. Debian's
// redis-server is required: .ci/run installs it, and in CI a missing one fails (startRedis throws) instead of skipping;
// on a developer's machine without it the suite is skipped with the reason. Its hooks run before the test app's, so
// the URL is known in time.
if (hasRedisServer() || process.env.CI) {
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());
  nodesSuite('redis', () => redis?.url);
} else {
  describe('several nodes with Redis', () => it.skip('needs /usr/bin/redis-server (apt-get install redis-server)', () => {}));
}
