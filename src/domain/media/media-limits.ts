/**
 * The bounds of a listing's media section, shared by the operations' schemas and the checks that
 * no schema can make (how many a listing has, what the bytes turn out to be).
 */

export const MAX_SCREENSHOTS = 8;
export const CAPTION_MAX = 200;
/**
 * A screenshot sent as base64: at most this many characters (750,000 bytes), so the request stays
 * under the 1 MiB body limit of REST and MCP. Larger ones come by URL.
 */
export const IMAGE_BASE64_MAX = 1_000_000;
/** A screenshot fetched from image_url: at most this many bytes. */
export const IMAGE_URL_MAX_BYTES = 5_000_000;
export const IMAGE_URL_MAX = 2048;
export const VIDEO_URL_MAX = 500;
