import { encodeDevnetBridgeCall } from '@org/devnet';
import { FunctionFragment, id } from 'ethers';
import { describe, expect, it } from 'vitest';
import { decodeLifiCalldata } from './decodeLifiCalldata.js';
import { LIFI_FACET_FUNCTIONS } from './lifiFacetFunctions.js';
import {
  ATTACKER,
  acrossQuote,
  CANONICAL,
  OUR_WALLET,
  USDC_ARBITRUM,
  USDC_BASE,
} from './testing/acrossQuote.js';

const selectorOf = (signature: string) => id(signature).slice(0, 10);

describe('the function table', () => {
  it('computes the selectors LI.FI’s typechain package spells for Across V3 and cBridge', () => {
    const ours = LIFI_FACET_FUNCTIONS.map((fn) => FunctionFragment.from(fn.signature).selector);
    for (const signature of Object.values(CANONICAL)) expect(ours).toContain(selectorOf(signature));
    // The devnet bridge's entry point: the same BridgeData tuple first.
    expect(ours).toContain(
      selectorOf(
        'startBridgeTokensViaDevnetBridge((bytes32,string,string,address,address,address,uint256,uint256,bool,bool),(address,uint256))',
      ),
    );
    expect(new Set(ours).size).toBe(ours.length);
  });
});

describe('decodeLifiCalldata', () => {
  it('the devnet bridge form: BridgeData and the delivered asset and amount', () => {
    const data = encodeDevnetBridgeCall({
      bridgeData: {
        transactionId: `0x${'cd'.repeat(32)}`,
        bridge: 'devnetbridge',
        integrator: 'wallet-ops',
        referrer: '0x0000000000000000000000000000000000000000',
        sendingAssetId: USDC_BASE,
        receiver: OUR_WALLET,
        minAmount: 1_000n,
        destinationChainId: 31_338n,
        hasSourceSwaps: false,
        hasDestinationCall: false,
      },
      receivingAssetId: USDC_ARBITRUM,
      outputAmount: 999n,
    });
    const decoded = decodeLifiCalldata({ data });
    expect(decoded).toEqual({
      ok: true,
      value: {
        selector: data.slice(0, 10),
        functionName: 'startBridgeTokensViaDevnetBridge',
        form: 'start',
        bridgeData: {
          transactionId: `0x${'cd'.repeat(32)}`,
          bridge: 'devnetbridge',
          integrator: 'wallet-ops',
          referrer: '0x0000000000000000000000000000000000000000',
          sendingAssetId: USDC_BASE,
          receiver: OUR_WALLET,
          minAmount: 1_000n,
          destinationChainId: 31_338n,
          hasSourceSwaps: false,
          hasDestinationCall: false,
        },
        swapData: [],
        facet: {
          parties: [{ role: 'receiver', address: OUR_WALLET }],
          receivingAssetId: USDC_ARBITRUM,
          outputAmount: 999n,
          destinationCall: false,
        },
      },
    });
  });

  it('Across V3: every receiver and the refund address the facet data names, its message as a destination call', () => {
    const decoded = decodeLifiCalldata({
      data: acrossQuote({ receiverAddress: ATTACKER, refundAddress: ATTACKER, message: '0x1234' })
        .transactionRequest.data,
    });
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.value.functionName).toBe('startBridgeTokensViaAcrossV3');
    expect(decoded.value.facet).toEqual({
      parties: [
        { role: 'receiver', address: OUR_WALLET },
        { role: 'receiver', address: ATTACKER },
        { role: 'refund', address: ATTACKER },
      ],
      receivingAssetId: USDC_ARBITRUM,
      outputAmount: 24_990_000n,
      destinationCall: true,
    });
  });

  it('swapAndStart forms: the source swaps are decoded (the arbitrary calls of the 2022/2024 incidents)', () => {
    const decoded = decodeLifiCalldata({
      data: acrossQuote({ swaps: [{ sendingAssetId: USDC_BASE, fromAmount: 25_000_000n }] })
        .transactionRequest.data,
    });
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.value.form).toBe('swapAndStart');
    expect(decoded.value.bridgeData.hasSourceSwaps).toBe(true);
    expect(decoded.value.swapData).toEqual([
      expect.objectContaining({ callTo: ATTACKER, sendingAssetId: USDC_BASE, fromAmount: 25_000_000n }),
    ]);
    expect(decoded.value.facet.outputAmount).toBeNull();
    const cbridge = decodeLifiCalldata({ data: acrossQuote({ cbridge: true }).transactionRequest.data });
    expect(cbridge).toMatchObject({
      ok: true,
      value: {
        functionName: 'startBridgeTokensViaCBridge',
        facet: { receivingAssetId: null, outputAmount: null },
      },
    });
  });

  it.each([
    ['an unknown selector', `0xdeadbeef${'00'.repeat(64)}`, /not a known LI.FI bridge function/],
    ['a truncated call', acrossQuote().transactionRequest.data.slice(0, 200), /does not decode/],
    ['no selector', '0x1234', /4-byte selector/],
    ['odd hex', '0x123', /not hex/],
    ['not hex', 'startBridgeTokensViaAcrossV3', /not hex/],
    ['a plain ERC-20 approve', `0x095ea7b3${'00'.repeat(64)}`, /not a known/],
  ])('%s is not decoded', (_name, data, reason) => {
    const decoded = decodeLifiCalldata({ data });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.reason).toMatch(reason);
  });

  it('only the functions it is given', () => {
    const data = acrossQuote().transactionRequest.data;
    expect(decodeLifiCalldata({ data, functions: LIFI_FACET_FUNCTIONS.slice(0, 1) }).ok).toBe(false);
  });
});
