/**
 * Rendered images kept in memory by the hash of what they show (their SVG source), least recently
 * used first out. Concurrent requests for one key share a single render.
 */
export class RenderCache {
  private entries = new Map<string, Buffer>();
  private rendering = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-inserted: Maps iterate in insertion order, so the first entry is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = render()
        .then((buf) => {
          this.put(key, buf);
          return buf;
        })
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private put(key: string, buf: Buffer) {
    if (buf.length > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, buf);
    this.bytes += buf.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }

  get size() {
    return this.entries.size;
  }
}
