// Runs before each test file: what a test file's gateways count in Redis belongs to that file
// alone. With one shared prefix, the requests of every suite running beside it (and of a benchmark
// on the same machine) spent one allowance per IP, and a file that never came near its limit
// was answered 429.
import { randomUUID } from 'node:crypto';

process.env.RATE_LIMIT_NAMESPACE = `sc:test:rl:${randomUUID()}:`;
