import { expect, it } from 'vitest';
import { isLoopbackHost } from './isLoopbackHost.js';

it('loopback: localhost, 127.0.0.0/8, ::1 — not 0.0.0.0, not a public or private address', () => {
  for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'LOCALHOST']) {
    expect(isLoopbackHost(host), host).toBe(true);
  }
  for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.2', 'example.com', '127.0.0.1.example.com']) {
    expect(isLoopbackHost(host), host).toBe(false);
  }
});
