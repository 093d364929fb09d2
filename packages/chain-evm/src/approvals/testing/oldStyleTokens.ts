// Test-only: two old-style ERC-20s for metadata edge cases, compiled with solc-js and placed with anvil_setCode (no
// constructor). Bytes32Token returns bytes32 symbol/name (like MKR); NoSymbolToken has neither. Both keep real
// allowances and emit Approval. Erc721WithAllowance says it is an ERC-721 yet answers allowance() > 0 (a revoke must
// never send it approve(x, 0), which on an ERC-721 approves token #0). Runtime code never imports this file.
import { createRequire } from 'node:module';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
contract Allowances {
  event Approval(address indexed owner, address indexed spender, uint256 value);
  mapping(address => mapping(address => uint256)) public allowance;
  function decimals() external pure returns (uint8) { return 18; }
  function balanceOf(address) external pure returns (uint256) { return 0; }
  function approve(address spender, uint256 value) external returns (bool) {
    allowance[msg.sender][spender] = value;
    emit Approval(msg.sender, spender, value);
    return true;
  }
}
contract Bytes32Token is Allowances {
  function symbol() external pure returns (bytes32) { return "MKR"; }
  function name() external pure returns (bytes32) { return "Maker"; }
}
contract NoSymbolToken is Allowances {}
contract Erc721WithAllowance {
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x80ac58cd || id == 0x01ffc9a7; }
  function allowance(address, address) external pure returns (uint256) { return 5; }
  function approve(address, uint256) external {}
}
`;

/**
 * Runtime bytecode of `Bytes32Token`, `NoSymbolToken` and `Erc721WithAllowance`, for `anvil_setCode`.
 *
 * @example
 * ```ts
 * await provider.send('anvil_setCode', [address, oldStyleTokens().Bytes32Token]);
 * ```
 */
export function oldStyleTokens(): {
  Bytes32Token: `0x${string}`;
  NoSymbolToken: `0x${string}`;
  Erc721WithAllowance: `0x${string}`;
} {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'T.sol': { content: SOURCE } },
        settings: {
          evmVersion: 'cancun',
          outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } },
        },
      }),
    ),
  ) as { contracts: { 'T.sol': Record<string, { evm: { deployedBytecode: { object: string } } }> } };
  const code = (name: string) =>
    `0x${out.contracts['T.sol'][name]?.evm.deployedBytecode.object}` as `0x${string}`;
  return {
    Bytes32Token: code('Bytes32Token'),
    NoSymbolToken: code('NoSymbolToken'),
    Erc721WithAllowance: code('Erc721WithAllowance'),
  };
}
