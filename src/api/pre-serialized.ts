/**
 * Results whose JSON text is already known (cached reads): REST sends the text as is instead of
 * serializing the object again; MCP and other callers still see the plain object.
 */
const texts = new WeakMap<object, string>();

export function withJsonText<T extends object>(value: T, json: string): T {
  texts.set(value, json);
  return value;
}

export const jsonTextOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' ? texts.get(value) : undefined;

const encoded = new WeakMap<object, Buffer>();

/** That text's UTF-8 bytes, made once per value: encoding 7 KB again for every request costs more than a lookup. */
export function jsonBytesOf(value: object, text: string): Buffer {
  let bytes = encoded.get(value);
  if (bytes === undefined) encoded.set(value, (bytes = Buffer.from(text)));
  return bytes;
}
