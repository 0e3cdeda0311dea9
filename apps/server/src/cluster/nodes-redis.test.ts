import { afterAll, beforeAll } from 'vitest';
import { nodesSuite } from './nodes-suite';
import { startRedis } from './redis-server';

// The same three nodes with REDIS_URL: the Redis adapter, Redis rate limits and Redis presence. Debian's
// redis-server is required (.ci/run installs it); its hooks run before the test app's, so the URL is known in time.
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());
nodesSuite('redis', () => redis?.url);
