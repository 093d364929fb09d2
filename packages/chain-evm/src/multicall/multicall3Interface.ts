import { Interface } from 'ethers';

/** Multicall3's ABI (the parts we use). Internal. */
export const multicall3Interface = new Interface([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
]);
