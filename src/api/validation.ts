// JSON Schema validation lives below the API (src/validation/) so the domain can use it too.
export { compile, toFieldErrors } from '../validation/json-schema.js';
export { summarize } from '../errors/app-error.js';
