import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for these options, worked out once. (@fastify/helmet builds helmet's
 * middleware again on every request — parsing the CSP each time — for headers that never vary.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let done = false;
  helmet(options)({} as never, res as never, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
