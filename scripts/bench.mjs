#!/usr/bin/env node
// `npm run bench`: starts the server on a free loopback port with a throwaway database and measures its HTTP
// endpoints with autocannon. Lifecycle, runner and report: scripts/bench/run.mjs; endpoints: scripts/bench/scenarios.mjs.
import { main } from './bench/run.mjs';

const code = await main();
process.exit(code);
