/** Text of a fetched body in its declared or sniffed charset (header, then <meta charset>, then UTF-8). */
export function decodeBody(body: Buffer, contentType: string | null): string {
  const fromHeader = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1];
  const head = body.subarray(0, 2048).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
  for (const label of [fromHeader, fromMeta, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label.toLowerCase(), { fatal: false }).decode(body);
    } catch {
      // An unknown label: try the next source.
    }
  }
  return body.toString('utf8');
}

export const isHtml = (contentType: string | null) => /^(text\/html|application\/xhtml\+xml)/i.test(contentType ?? '');
