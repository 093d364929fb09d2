import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGoPlusSource, createTokenSecurityService } from '@org/token-safety';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2RouterInterface } from '../swap/swapInterfaces.js';
import { MemoryConfirmationStore } from './store/MemoryConfirmationStore.js';
import { harness, openReservations, swap, USDC, WALLET } from './testing/gatewayHarness.js';
import type { Hex } from './types.js';

// The buy-tax rules of the safety gate with the real @org/token-safety library behind the gateway's port: a local
// HTTP server answers in GoPlus's response shape (the fixture token-safety's own tests use, with the taxes changed).
// The chain-facing steps are the scripted harness (nothing here is about the chain).

const clean = JSON.parse(
  readFileSync(
    new URL('../../../token-safety/src/test-support/fixtures/goplus-evm-clean.json', import.meta.url),
    'utf8',
  ),
) as { result: Record<string, Record<string, unknown>> };
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
/** The harness's 0.01 ETH → USDC swap, bought through V2's fee-on-transfer function (well-formed, to the wallet). */
const FOT = v2RouterInterface.encodeFunctionData('swapExactETHForTokensSupportingFeeOnTransferTokens', [
  1n,
  [WETH, USDC],
  WALLET,
  4_000_000_000n,
]) as Hex;

/** GoPlus's answer for the next request: the clean fixture with these taxes (GoPlus sends `""` when it does not know). */
let taxes = { buy_tax: '0', sell_tax: '0' };
let goplus: Server;
let baseUrl: string;

beforeAll(async () => {
  goplus = createServer((_request, response) => {
    const [[address, entry]] = Object.entries(clean.result) as [[string, Record<string, unknown>]];
    const body = { ...clean, result: { [address]: { ...entry, ...taxes } } };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => goplus.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(goplus.address() as AddressInfo).port}`;
});
afterAll(async () => {
  goplus.closeAllConnections();
  await new Promise((resolve) => goplus.close(resolve));
});

function tokenSafety() {
  return createTokenSecurityService({
    sources: [createGoPlusSource({ baseUrl, timeoutMs: 2_000, cacheTtlMs: 0 })],
    chains: [{ id: 1, name: 'ethereum', kind: 'evm', goplus: '1', dexscreener: null }],
  });
}

describe('the safety gate reads the buy tax (GoPlus buy_tax through @org/token-safety)', () => {
  it('buy tax unknown (GoPlus "") → TOKEN_SAFETY_UNKNOWN: never simulated, reserved or signed', async () => {
    taxes = { buy_tax: '', sell_tax: '0' };
    const h = harness({ receiptAt: 0 }, {}, { tokenSafety: tokenSafety() });
    const { record } = await h.gateway.execute(swap({ data: FOT }));
    expect(record).toMatchObject({ status: 'blocked', code: 'TOKEN_SAFETY_UNKNOWN' });
    expect(record.reason).toMatch(/buy tax of .* is unknown/);
    expect(h.calls).not.toContain('simulate');
    expect(await openReservations(h.governor)).toBe(0);
    expect((await h.governor.status()).spent.daily.total).toBe(0n);
    expect(h.sent).toEqual([]);
  });

  it('buy tax unknown under CONFIRM_MODE=unknown → held for an operator (safety-unknown), nothing reserved or signed', async () => {
    taxes = { buy_tax: '', sell_tax: '0' };
    const confirmations = new MemoryConfirmationStore();
    const h = harness(
      { receiptAt: 0 },
      { confirmMode: { kind: 'unknown' }, confirmTtlMs: 60_000 },
      { tokenSafety: tokenSafety(), confirmations },
    );
    const held = await h.gateway.execute(swap({ data: FOT }));
    expect(held.record).toMatchObject({ status: 'awaiting_confirmation', code: 'CONFIRMATION_REQUIRED' });
    expect(held.confirmation).toMatchObject({
      reason: 'safety-unknown',
      safety: [{ token: USDC, isHoneypot: false, buyTax: null, sellTax: 0 }],
    });
    expect(await openReservations(h.governor)).toBe(0);
    expect(h.sent).toEqual([]);
    // GoPlus now measures a 90% buy tax: the approved action is refused on the fresh read, not run.
    taxes = { buy_tax: '0.9', sell_tax: '0' };
    const ran = await h.gateway.approve({ id: held.confirmation?.id as string, by: 'test' });
    expect(ran.record).toMatchObject({ status: 'blocked', code: 'TOKEN_BUY_TAX_TOO_HIGH' });
    expect(h.sent).toEqual([]);
  });

  it('a 90% buy tax with a 0% sell tax → TOKEN_BUY_TAX_TOO_HIGH in every confirm mode (refused, never held)', async () => {
    taxes = { buy_tax: '0.9', sell_tax: '0' };
    for (const confirmMode of [{ kind: 'off' }, { kind: 'unknown' }, { kind: 'all' }] as const) {
      const h = harness(
        { receiptAt: 0 },
        { confirmMode, confirmTtlMs: 60_000 },
        { tokenSafety: tokenSafety(), confirmations: new MemoryConfirmationStore() },
      );
      const { record, confirmation } = await h.gateway.execute(swap({ data: FOT }));
      expect(record).toMatchObject({ status: 'blocked', code: 'TOKEN_BUY_TAX_TOO_HIGH' });
      expect(record.reason).toContain('90% buy tax');
      expect(confirmation).toBeUndefined();
      expect(h.calls).not.toContain('simulate');
      expect(h.sent).toEqual([]);
    }
  });

  it('a 3% buy tax: allowed through the fee-on-transfer route, refused on a route that checks the pool’s output; maxBuyTaxBps lowers the limit', async () => {
    taxes = { buy_tax: '0.03', sell_tax: '0' };
    const ok = harness({ receiptAt: 0 }, {}, { tokenSafety: tokenSafety() });
    expect((await ok.gateway.execute(swap({ data: FOT }))).record.status).toBe('confirmed');
    const plain = harness({ receiptAt: 0 }, {}, { tokenSafety: tokenSafety() });
    const refused = await plain.gateway.execute(swap());
    expect(refused.record).toMatchObject({ status: 'blocked', code: 'FEE_ON_TRANSFER_ROUTE_REQUIRED' });
    expect(plain.sent).toEqual([]);
    const strict = harness({ receiptAt: 0 }, {}, { tokenSafety: tokenSafety() });
    const limited = await strict.gateway.execute(swap({ data: FOT, maxBuyTaxBps: 299 }));
    expect(limited.record).toMatchObject({ status: 'blocked', code: 'TOKEN_BUY_TAX_TOO_HIGH' });
  });

  it('G6: a dca-fill of a taxed token on a route that checks the pool’s output is refused like a swap; through the fee-on-transfer route it runs', async () => {
    taxes = { buy_tax: '0.09', sell_tax: '0' };
    const plain = harness({ receiptAt: 0 }, {}, { tokenSafety: tokenSafety() });
    const refused = await plain.gateway.execute(swap({ action: 'dca-fill' }));
    expect(refused.record).toMatchObject({ status: 'blocked', code: 'FEE_ON_TRANSFER_ROUTE_REQUIRED' });
    expect(plain.sent).toEqual([]);
    const fot = harness({ receiptAt: 0 }, {}, { tokenSafety: tokenSafety() });
    expect((await fot.gateway.execute(swap({ action: 'dca-fill', data: FOT }))).record.status).toBe(
      'confirmed',
    );
  });
});
