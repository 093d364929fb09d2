import { loadSpec } from '../../src/loadSpec.js';

export interface Operation {
  method: string;
  path: string;
}

/**
 * Every operation in the generated OpenAPI document, with path parameters filled in, so that a route added later
 * is covered without anyone remembering to add it to a test.
 */
export function specOperations(): {
  spec: { paths: Record<string, Record<string, unknown>> };
  operations: Operation[];
} {
  const spec = loadSpec() as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '0x0000000000000000000000000000000000000001'),
      })),
  );
  return { spec, operations };
}
