import { HttpError } from '../../api/errors.js';

/** A file sent with a form: its bytes and what the browser said it is. */
export interface UploadedFile {
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data post: text fields as strings (repeated ones as arrays), files as UploadedFile. */
export type UploadForm = Record<string, string | string[] | UploadedFile | undefined>;

/**
 * Reads a multipart/form-data body (a form with a file input) with the platform's own parser
 * (fetch's Response.formData); an empty file input (no file chosen) is left out. A body that is
 * not well-formed multipart is a 400.
 */
export async function readMultipart(contentType: string, body: Buffer): Promise<UploadForm> {
  let data: FormData;
  try {
    data = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw new HttpError(400, 'The form could not be read (malformed multipart/form-data).');
  }
  const form: UploadForm = {};
  for (const [name, value] of data) {
    if (typeof value !== 'string') {
      if (value.size > 0)
        form[name] = { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      continue;
    }
    const seen = form[name];
    if (seen === undefined) form[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else if (typeof seen === 'string') form[name] = [seen, value];
  }
  return form;
}
