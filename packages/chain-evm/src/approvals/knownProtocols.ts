// Well-known spenders per chain (data, not logic). Every address is EIP-55 checksummed and was taken from the
// protocol's own published deployment list; a test checks checksums, duplicates and chain ids. An entry that could
// not be verified is left out (a spender that is not listed is "unknown", which is the safe direction).
//
// Sources: Uniswap docs (v2/v3/v4 deployment pages) and Uniswap/universal-router `deploy-addresses/*.json`;
// Permit2 (same address everywhere, also in the chain registry); 1inch AggregationRouterV5/V6 (1inch's clear-signing
// descriptors in LedgerHQ/clear-signing-erc7730-registry); 0x Exchange Proxy (0xProject/protocol
// `packages/contract-addresses/addresses.json`); Aave (bgd-labs/aave-address-book `POOL`); LI.FI diamond
// (lifinance/contracts `deployments/<chain>.json`, Linea differs); OpenSea Seaport 1.5/1.6 and the OpenSea conduit
// (deterministic, same address on every chain OpenSea runs on).
import type { Address } from '../chains/chains.js';

/** A well-known spender. */
export interface KnownProtocol {
  readonly address: Address;
  readonly name: string;
}

const PERMIT2: KnownProtocol = {
  address: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
  name: 'Uniswap Permit2',
};
const V3_SWAP_ROUTER: KnownProtocol = {
  address: '0xE592427A0AEce92De3Edee1F18E0157C05861564',
  name: 'Uniswap V3: SwapRouter',
};
const SWAP_ROUTER_02: KnownProtocol = {
  address: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
  name: 'Uniswap V3: SwapRouter02',
};
const V3_POSITIONS: KnownProtocol = {
  address: '0xC36442b4a4522E871399CD717aBDD847Ab11FE88',
  name: 'Uniswap V3: Positions NFT',
};
const V2_ROUTER_L2: KnownProtocol = {
  address: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
  name: 'Uniswap V2: Router02',
};
const ONEINCH_V5: KnownProtocol = {
  address: '0x1111111254EEB25477B68fb85Ed929f73A960582',
  name: '1inch: Aggregation Router V5',
};
const ONEINCH_V6: KnownProtocol = {
  address: '0x111111125421cA6dc452d289314280a0f8842A65',
  name: '1inch: Aggregation Router V6',
};
const ZEROX: KnownProtocol = {
  address: '0xDef1C0ded9bec7F1a1670819833240f027b25EfF',
  name: '0x: Exchange Proxy',
};
const AAVE_V3_POOL: KnownProtocol = {
  address: '0x794a61358D6845594F94dc1DB02A252b5b4814aD',
  name: 'Aave V3: Pool',
};
const LIFI: KnownProtocol = {
  address: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
  name: 'LI.FI: Diamond',
};
const SEAPORT_16: KnownProtocol = {
  address: '0x0000000000000068F116a894984e2DB1123eB395',
  name: 'OpenSea: Seaport 1.6',
};
const OPENSEA_CONDUIT: KnownProtocol = {
  address: '0x1E0049783F008A0085193E00003D00cd54003c71',
  name: 'OpenSea: Conduit',
};

/**
 * Built-in well-known spenders by chain id (the configured chain registry's routers and Permit2 are added at run
 * time by `getKnownProtocols`; on the devnet those are the deployed routers).
 *
 * @example
 * ```ts
 * KNOWN_PROTOCOLS[1]?.find((p) => p.name.startsWith('1inch'))?.address;
 * ```
 */
export const KNOWN_PROTOCOLS: Readonly<Record<number, readonly KnownProtocol[]>> = Object.freeze({
  1: [
    { address: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D', name: 'Uniswap V2: Router02' },
    V3_SWAP_ROUTER,
    SWAP_ROUTER_02,
    V3_POSITIONS,
    { address: '0xEf1c6E67703c7BD7107eed8303Fbe6EC2554BF6B', name: 'Uniswap: Universal Router (v1)' },
    { address: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', name: 'Uniswap: Universal Router (v1.2)' },
    { address: '0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af', name: 'Uniswap: Universal Router (v2)' },
    PERMIT2,
    ONEINCH_V5,
    ONEINCH_V6,
    ZEROX,
    { address: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2', name: 'Aave V3: Pool' },
    { address: '0x7d2768dE32b0b80b7a3454c06BdAc94A69DDc7A9', name: 'Aave V2: LendingPool' },
    LIFI,
    { address: '0x00000000000000ADc04C56Bf30aC9d3c0aAF14dC', name: 'OpenSea: Seaport 1.5' },
    SEAPORT_16,
    OPENSEA_CONDUIT,
  ],
  10: [
    { address: '0x4A7b5Da61326A6379179b40d00F57E5bbDC962c2', name: 'Uniswap V2: Router02' },
    V3_SWAP_ROUTER,
    SWAP_ROUTER_02,
    V3_POSITIONS,
    { address: '0xCb1355ff08Ab38bBCE60111F1bb2B784bE25D7e8', name: 'Uniswap: Universal Router (v1.2)' },
    { address: '0x851116D9223fabED8E56C0E6b8Ad0c31d98B3507', name: 'Uniswap: Universal Router (v2)' },
    PERMIT2,
    ONEINCH_V5,
    ONEINCH_V6,
    { address: '0xDEF1ABE32c034e558Cdd535791643C58a13aCC10', name: '0x: Exchange Proxy' },
    AAVE_V3_POOL,
    LIFI,
    SEAPORT_16,
    OPENSEA_CONDUIT,
  ],
  56: [
    V2_ROUTER_L2,
    { address: '0xB971eF87ede563556b2ED4b1C0b0019111Dd85d2', name: 'Uniswap V3: SwapRouter02' },
    { address: '0x7b8A01B39D58278b5DE7e48c8449c9f4F5170613', name: 'Uniswap V3: Positions NFT' },
    { address: '0x4Dae2f939ACf50408e13d58534Ff8c2776d45265', name: 'Uniswap: Universal Router (v1.2)' },
    { address: '0x1906c1d672b88cD1B9aC7593301cA990F94Eae07', name: 'Uniswap: Universal Router (v2)' },
    PERMIT2,
    ONEINCH_V5,
    ONEINCH_V6,
    ZEROX,
    { address: '0x6807dc923806fE8Fd134338EABCA509979a7e0cB', name: 'Aave V3: Pool' },
    LIFI,
  ],
  137: [
    { address: '0xedf6066a2b290C185783862C7F4776A2C8077AD1', name: 'Uniswap V2: Router02' },
    V3_SWAP_ROUTER,
    SWAP_ROUTER_02,
    V3_POSITIONS,
    { address: '0xec7BE89e9d109e7e3Fec59c222CF297125FEFda2', name: 'Uniswap: Universal Router (v1.2)' },
    { address: '0x1095692A6237d83C6a72F3F5eFEdb9A670C49223', name: 'Uniswap: Universal Router (v2)' },
    PERMIT2,
    ONEINCH_V5,
    ONEINCH_V6,
    ZEROX,
    AAVE_V3_POOL,
    LIFI,
    SEAPORT_16,
    OPENSEA_CONDUIT,
  ],
  8453: [
    V2_ROUTER_L2,
    { address: '0x2626664c2603336E57B271c5C0b26F421741e481', name: 'Uniswap V3: SwapRouter02' },
    { address: '0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1', name: 'Uniswap V3: Positions NFT' },
    { address: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', name: 'Uniswap: Universal Router (v1.2)' },
    { address: '0x6fF5693b99212Da76ad316178A184AB56D299b43', name: 'Uniswap: Universal Router (v2)' },
    PERMIT2,
    ONEINCH_V6,
    { address: '0xA238Dd80C259a72e81d7e4664a9801593F98d1c5', name: 'Aave V3: Pool' },
    LIFI,
    SEAPORT_16,
    OPENSEA_CONDUIT,
  ],
  42161: [
    V2_ROUTER_L2,
    V3_SWAP_ROUTER,
    SWAP_ROUTER_02,
    V3_POSITIONS,
    { address: '0x5E325eDA8064b456f4781070C0738d849c824258', name: 'Uniswap: Universal Router (v1.2)' },
    { address: '0xA51afAFe0263b40EdaEf0Df8781eA9aa03E381a3', name: 'Uniswap: Universal Router (v2)' },
    PERMIT2,
    ONEINCH_V5,
    ONEINCH_V6,
    AAVE_V3_POOL,
    LIFI,
    SEAPORT_16,
    OPENSEA_CONDUIT,
  ],
  43114: [
    V2_ROUTER_L2,
    { address: '0xbb00FF08d01D300023C629E8fFfFcb65A5a578cE', name: 'Uniswap V3: SwapRouter02' },
    { address: '0x655C406EBFa14EE2006250925e54ec43AD184f8B', name: 'Uniswap V3: Positions NFT' },
    { address: '0x4Dae2f939ACf50408e13d58534Ff8c2776d45265', name: 'Uniswap: Universal Router (v1.2)' },
    { address: '0x94b75331AE8d42C1b61065089B7d48FE14aA73b7', name: 'Uniswap: Universal Router (v2)' },
    PERMIT2,
    ONEINCH_V6,
    ZEROX,
    AAVE_V3_POOL,
    LIFI,
  ],
  59144: [
    { address: '0x8B844f885672f333Bc0042cB669255f93a4C1E6b', name: 'Uniswap: Universal Router (v2.1.1)' },
    PERMIT2,
    { address: '0xc47b8C00b0f69a36fa203Ffeac0334874574a8Ac', name: 'Aave V3: Pool' },
    { address: '0xDE1E598b81620773454588B85D6b5D4eEC32573e', name: 'LI.FI: Diamond' },
  ],
  11155111: [
    { address: '0xeE567Fe1712Faf6149d80dA1E6934E354124CfE3', name: 'Uniswap V2: Router02' },
    { address: '0x3bFA4769FB09eefC5a80d6E87c3B9C650f7Ae48E', name: 'Uniswap V3: SwapRouter02' },
    { address: '0x1238536071E1c677A632429e3655c799b22cDA52', name: 'Uniswap V3: Positions NFT' },
    { address: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', name: 'Uniswap: Universal Router (v1.2)' },
    { address: '0x3A9D48AB9751398BbFa63ad67599Bb04e4BdF98b', name: 'Uniswap: Universal Router (v2)' },
    PERMIT2,
  ],
} satisfies Record<number, readonly KnownProtocol[]>);
