import { describe, expect, it } from 'vitest';
import { servedSpec } from './servedSpec.js';

describe('servedSpec', () => {
  it('replaces the servers with the relative `/` and leaves the document it was given as it was', () => {
    const built = { openapi: '3.0.0', servers: [{ url: 'http://127.0.0.1:8000' }], paths: { '/health': {} } };
    const served = servedSpec(built);
    expect(served.servers.map((s) => s.url)).toEqual(['/']);
    expect(served.paths).toBe(built.paths);
    expect(built.servers).toEqual([{ url: 'http://127.0.0.1:8000' }]);
  });
});
