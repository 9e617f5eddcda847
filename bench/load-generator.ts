// The load generator of the benchmarks, run in a process of its own (bench/support.ts `cannon`):
// autocannon inside the server's process competes with the server for the same event loop and
// CPU, which compresses every ratio toward 1. Reads its options as JSON from standard input, prints
// its result as JSON on the last line of standard output.
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';

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
