// The load generator of the benchmarks, run in a process of its own (bench/support.ts `cannon`):
// autocannon inside the server's process competes with the server for the same event loop and
// CPU, which compresses every ratio toward 1. Reads its options as JSON from standard input, prints
// its result as JSON on the last line of standard output.
import { createRequire } from 'node:module';
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';

// autocannon appends every response body to a string (`req.body += chunk`) for checks no benchmark
// here makes; decoding tens of kilobytes per response, or binary Brotli bytes, made the load
// generator — which shares the machine's cores with the server — the bottleneck of every page
// benchmark. Bodies are counted (autocannon counts bytes elsewhere) and dropped, as wrk does.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
PipelinedRequestsQueue.prototype.addBody = () => {};

const opts = JSON.parse((await text(process.stdin)) || '{}');
const result = await autocannon({ ...opts, pipelining: 1 });
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }),
);
