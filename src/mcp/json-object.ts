/** A JSON object (not null, not an array): what a JSON-RPC message, its params, `_meta` and a tool's structured result must be. */
export const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
