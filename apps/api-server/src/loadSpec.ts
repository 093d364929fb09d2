import { readFileSync } from 'node:fs';

/** Reads the OpenAPI document tsoa generated into `build/openapi.json` during `build`. */
export function loadSpec(): object {
  return JSON.parse(readFileSync(new URL('../build/openapi.json', import.meta.url), 'utf8')) as object;
}
