// Runs before each test file: what a test file's gateways count in Redis belongs to that file
// alone. With one shared prefix, the requests of every suite running beside it (and of a benchmark
// on the same machine) spent one allowance per IP, and a file that never came near its limit
// was answered 429.
import { randomUUID } from 'node:crypto';

process.env.RATE_LIMIT_NAMESPACE = `sc:test:rl:${randomUUID()}:`;

// Gateways serve no website to a host that no website has (issue 34) unless FALLBACK_WEBSITE_ID
// opts in. The suites build their gateways from this environment and talk to them as 127.0.0.1 or
// made-up hosts of websites they made without domains, so the test environment opts in to the
// demo website, as gateways did before; the suites of strict hosts unset it ('' or undefined).
process.env.FALLBACK_WEBSITE_ID ??= 'demo';
