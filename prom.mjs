import client from 'prom-client';
const reg = new client.Registry();
const c = new client.Counter({ name: 'c', help: 'c', labelNames: ['operation', 'method', 'status'], registers: [reg] });
const h = new client.Histogram({ name: 'h', help: 'h', labelNames: ['operation', 'method', 'status'], buckets: [0.001,0.005,0.01,0.025,0.05,0.1,0.25,0.5,1,2.5,5], registers: [reg] });
const labels = { operation: 'get_listing', method: 'GET', status: '200' };
const ci = c.labels(labels), hi = h.labels(labels);
for (let r = 0; r < 3; r++) {
  let t = process.hrtime.bigint(); for (let i = 0; i < 1e6; i++) ci.inc(); const a = Number(process.hrtime.bigint() - t) / 1e6;
  t = process.hrtime.bigint(); for (let i = 0; i < 1e6; i++) hi.observe(0.0012); const b = Number(process.hrtime.bigint() - t) / 1e6;
  console.log('inc', a.toFixed(0), 'ns', 'observe', b.toFixed(0), 'ns');
}
