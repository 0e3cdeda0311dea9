import { nodesSuite } from './nodes-suite';

// Three nodes sharing only PostgreSQL (DATABASE_URL, no Redis): the default several-node setup.
nodesSuite('postgres');
