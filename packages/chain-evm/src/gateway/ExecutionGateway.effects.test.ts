import { parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { type AssetTransfer, NATIVE_ASSET, type SimulatedEffects } from './effects/SimulatedEffects.js';
import { harness, openReservations, ROUTER, swap, USDC, WALLET } from './testing/gatewayHarness.js';

// The pipeline's decisions on the simulated effects (scripted steps): what the judge refuses is never held,
// reserved or signed, and a swap's output is valued against its charge. The simulators themselves run against the
// devnet in effects/createEffectsSimulation.devnet.test.ts.

const ZERO = '0x0000000000000000000000000000000000000000' as Address;
const effects = (transfers: AssetTransfer[]): SimulatedEffects => ({
  source: 'eth_simulateV1',
  gasUsed: 100_000n,
  transfers,
});
const ethIn = { token: NATIVE_ASSET, from: WALLET, to: ROUTER, amount: parseEther('0.01') } as AssetTransfer;
const usdcOut = (amount: bigint): AssetTransfer => ({ token: USDC, from: ROUTER, to: WALLET, amount });
const sim = (transfers: AssetTransfer[]) => ({
  ok: true as const,
  gasLimit: 200_000n,
  effects: effects(transfers),
});

describe('ExecutionGateway: effects judged before anything is reserved or signed', () => {
  it('the effects the intent declares → confirmed (0.01 ETH out, the minimum in)', async () => {
    const h = harness({ receiptAt: 0, simulate: sim([ethIn, usdcOut(1n)]), price: parseEther('0.0099') });
    expect((await h.gateway.execute(swap())).record.status).toBe('confirmed');
  });

  it('G2: the wallet keeps less than the minimum (a tax burned from it after the pool’s transfer) → EFFECT_SHORTFALL', async () => {
    const taxed = [ethIn, usdcOut(10n), { token: USDC, from: WALLET, to: ZERO, amount: 9n } as AssetTransfer];
    const h = harness({ receiptAt: 0, simulate: sim(taxed) });
    const { record } = await h.gateway.execute(swap({ acquires: [{ token: USDC, amount: 2n }] }));
    expect(record).toMatchObject({ status: 'blocked', code: 'EFFECT_SHORTFALL' });
    expect(record.reason).toContain('leaves the wallet 1 of');
    expect(h.sent).toEqual([]);
    expect(await openReservations(h.governor)).toBe(0);
  });

  it('a token leaving the wallet that the intent does not spend → EFFECT_UNDECLARED_SPEND; more than declared → EFFECT_OVERSPEND', async () => {
    const drained = { token: USDC, from: WALLET, to: ROUTER, amount: 5n } as AssetTransfer;
    const h = harness({ receiptAt: 0, simulate: sim([ethIn, drained, usdcOut(1n)]) });
    expect((await h.gateway.execute(swap())).record).toMatchObject({
      status: 'blocked',
      code: 'EFFECT_UNDECLARED_SPEND',
    });
    const over = { ...ethIn, amount: parseEther('0.02') };
    const h2 = harness({ receiptAt: 0, simulate: sim([over, usdcOut(1n)]) });
    expect((await h2.gateway.execute(swap())).record).toMatchObject({
      status: 'blocked',
      code: 'EFFECT_OVERSPEND',
    });
    expect([...h.sent, ...h2.sent]).toEqual([]);
  });

  it('a node with no effects simulation (the step says so) → EFFECTS_SIMULATION_UNSUPPORTED, nothing reserved', async () => {
    const h = harness({
      simulate: { ok: false, code: 'EFFECTS_SIMULATION_UNSUPPORTED', reason: 'neither method' },
    });
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({ status: 'blocked', code: 'EFFECTS_SIMULATION_UNSUPPORTED' });
    expect(await openReservations(h.governor)).toBe(0);
  });

  it('G7: a swap whose output, valued by the pricing rules, is worth less than the charge minus the loss allowed → EFFECT_VALUE_LOSS', async () => {
    // 0.01 ETH charged; the USDC received is valued at 0.0094 ETH: 6% lost, over the default 5%.
    const h = harness({ receiptAt: 0, simulate: sim([ethIn, usdcOut(1n)]), price: parseEther('0.0094') });
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({ status: 'blocked', code: 'EFFECT_VALUE_LOSS' });
    expect(h.sent).toEqual([]);
    expect(await openReservations(h.governor)).toBe(0);
    // The same under a dca-fill (keyed on the module, not the name).
    const fill = harness({ receiptAt: 0, simulate: sim([ethIn, usdcOut(1n)]), price: parseEther('0.0094') });
    expect((await fill.gateway.execute(swap({ action: 'dca-fill' }))).record.code).toBe('EFFECT_VALUE_LOSS');
    // A wider allowance lets it through.
    const wide = harness(
      { receiptAt: 0, simulate: sim([ethIn, usdcOut(1n)]), price: parseEther('0.0094') },
      { maxValueLossBps: 700 },
    );
    expect((await wide.gateway.execute(swap())).record.status).toBe('confirmed');
  });

  it('G7: a token’s own known tax (sell tax of what is spent, buy tax of what is acquired) is allowed on top (an unknown tax adds nothing: taxAllowanceBps.test.ts)', async () => {
    const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F' as Address;
    const sell = swap({
      value: 0n,
      spends: [{ token: DAI, amount: 1_000n }],
      acquires: [{ token: USDC, amount: 1n }],
    });
    const transfers = [
      { token: DAI, from: WALLET, to: ROUTER, amount: 1_000n } as AssetTransfer,
      usdcOut(1n),
    ];
    // DAI charged 0.01 ETH; the USDC received is worth 0.0093 ETH: 7% lost.
    const price = (amounts: readonly { token: string }[]) =>
      amounts[0]?.token === DAI ? parseEther('0.01') : parseEther('0.0093');
    const taxed = harness({
      receiptAt: 0,
      simulate: sim(transfers),
      price,
      safety: { isHoneypot: false, sellTax: 3 },
    });
    expect((await taxed.gateway.execute(sell)).record.status).toBe('confirmed');
    const untaxed = harness({
      receiptAt: 0,
      simulate: sim(transfers),
      price,
      safety: { isHoneypot: false, sellTax: 1 },
    });
    expect((await untaxed.gateway.execute(sell)).record.code).toBe('EFFECT_VALUE_LOSS');
    expect(untaxed.sent).toEqual([]);
  });

  it('G7 values only what the simulation delivered, and an output the pricing rules cannot value is not compared', async () => {
    const h = harness({ receiptAt: 0, simulate: sim([ethIn, usdcOut(1n)]), price: null });
    // A spent-nothing ETH swap is valued at its value; its USDC output has no price: nothing to compare.
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('confirmed');
    expect(h.calls.filter((c) => c === 'price')).toHaveLength(2);
  });

  it('G7 in one pricing round: the acquired minimum valued with the charge, the simulated output scaled from it', async () => {
    // 0.01 ETH charged; the swap's minimum of 100 USDC is valued at 0.0048 ETH in the value step's round.
    const priceAcquired = (a: { amount: bigint }) => (a.amount === 100n ? parseEther('0.0048') : null);
    const intent = swap({ acquires: [{ token: USDC, amount: 100n }] });
    // 200 received → 0.0096 ETH (4% lost, under the default 5%): confirmed, priced once.
    const fine = harness({ receiptAt: 0, simulate: sim([ethIn, usdcOut(200n)]), price: 1n, priceAcquired });
    expect((await fine.gateway.execute(intent)).record.status).toBe('confirmed');
    expect(fine.calls.filter((c) => c === 'price')).toHaveLength(1);
    // 195 received → 0.00936 ETH (6.4% lost): EFFECT_VALUE_LOSS, still priced once, nothing sent.
    const lossy = harness({ receiptAt: 0, simulate: sim([ethIn, usdcOut(195n)]), price: 1n, priceAcquired });
    const { record } = await lossy.gateway.execute(intent);
    expect(record).toMatchObject({ status: 'blocked', code: 'EFFECT_VALUE_LOSS' });
    expect(record.reason).toContain(`delivers ${parseEther('0.00936')} wei`);
    expect(lossy.calls.filter((c) => c === 'price')).toHaveLength(1);
    expect(lossy.sent).toEqual([]);
    // A minimum the round could not value: the output is priced on its own (a second round), as before.
    const unvalued = harness({
      receiptAt: 0,
      simulate: sim([ethIn, usdcOut(200n)]),
      price: parseEther('0.0094'),
      priceAcquired: () => null,
    });
    expect((await unvalued.gateway.execute(intent)).record.code).toBe('EFFECT_VALUE_LOSS');
    expect(unvalued.calls.filter((c) => c === 'price')).toHaveLength(2);
  });

  it('"models only" (effects null): no effects judgement and no valuation of the output', async () => {
    const h = harness({ receiptAt: 0, simulate: { ok: true, gasLimit: 200_000n, effects: null }, price: 1n });
    expect((await h.gateway.execute(swap())).record.status).toBe('confirmed');
    expect(h.calls.filter((c) => c === 'price')).toHaveLength(1);
  });

  it('a maxValueLossBps that is not an integer from 0 to 10000 is refused at construction', () => {
    for (const maxValueLossBps of [-1, 10_001, 2.5]) {
      expect(() => harness({}, { maxValueLossBps })).toThrow(RangeError);
    }
  });
});
