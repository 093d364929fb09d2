import { expect, it } from 'vitest';
import { fillPath } from './readTool.js';

it('fillPath: path segments URL-encoded, the rest as query parameters, undefined left out', () => {
  expect(
    fillPath('/dca/orders/{orderId}', { orderId: '../x?y', status: 'active', limit: 5, skip: undefined }),
  ).toEqual({
    path: '/dca/orders/..%2Fx%3Fy',
    query: { status: 'active', limit: 5 },
  });
});
