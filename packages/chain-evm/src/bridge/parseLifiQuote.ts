import {
  address,
  amount,
  array,
  bad,
  boolean,
  hexData,
  integer,
  object,
  optionalAddress,
  optionalAmount,
  optionalQuantity,
  optionalString,
  quantity,
  string,
  token,
} from './lifiShape.js';
import type { LifiFeeCost, LifiGasCost, LifiQuote } from './types.js';

/**
 * Checks that a `/v1/quote` body has LI.FI's `LiFiStep` shape and returns it typed: amounts as bigint base units
 * (`transactionRequest.value`, `gasLimit`, `gasPrice` are hex strings at LI.FI), addresses checksummed, every
 * required field present. A body that is not a quote — a missing `transactionRequest`, a number where a string
 * amount belongs, a bad address — throws `BRIDGE_PROVIDER_BAD_RESPONSE` naming the field. Shape only: whether the
 * quote says what was asked is for `checkBridgeQuote`.
 *
 * @example
 * ```ts
 * const quote = parseLifiQuote(await response.json());
 * quote.estimate.toAmountMin; // 994005000n
 * ```
 */
export function parseLifiQuote(body: unknown): LifiQuote {
  const root = object(body, 'quote');
  const action = object(root['action'], 'quote.action');
  const estimate = object(root['estimate'], 'quote.estimate');
  const tx = object(root['transactionRequest'], 'quote.transactionRequest');
  const slippage = action['slippage'];
  if (
    slippage !== undefined &&
    slippage !== null &&
    (typeof slippage !== 'number' || !Number.isFinite(slippage))
  ) {
    throw bad('quote.action.slippage', 'expected a number');
  }
  const feeCosts = (
    estimate['feeCosts'] === undefined ? [] : array(estimate['feeCosts'], 'quote.estimate.feeCosts')
  ).map((value, i): LifiFeeCost => {
    const path = `quote.estimate.feeCosts[${i}]`;
    const fee = object(value, path);
    return {
      name: string(fee, 'name', path),
      token: token(fee['token'], `${path}.token`),
      amount: amount(fee, 'amount', path),
      included: boolean(fee, 'included', path),
      percentage: optionalString(fee, 'percentage', path),
      amountUSD: optionalString(fee, 'amountUSD', path),
    };
  });
  const gasCosts = (
    estimate['gasCosts'] === undefined ? [] : array(estimate['gasCosts'], 'quote.estimate.gasCosts')
  ).map((value, i): LifiGasCost => {
    const path = `quote.estimate.gasCosts[${i}]`;
    const gas = object(value, path);
    return {
      type: string(gas, 'type', path),
      token: token(gas['token'], `${path}.token`),
      amount: amount(gas, 'amount', path),
      price: optionalAmount(gas, 'price', path),
      estimate: optionalAmount(gas, 'estimate', path),
      limit: optionalAmount(gas, 'limit', path),
      amountUSD: optionalString(gas, 'amountUSD', path),
    };
  });
  const steps =
    root['includedSteps'] === undefined ? [] : array(root['includedSteps'], 'quote.includedSteps');
  const toolDetails =
    root['toolDetails'] === undefined ? null : object(root['toolDetails'], 'quote.toolDetails');
  return {
    id: string(root, 'id', 'quote'),
    type: string(root, 'type', 'quote'),
    tool: string(root, 'tool', 'quote'),
    toolName: toolDetails ? optionalString(toolDetails, 'name', 'quote.toolDetails') : null,
    integrator: optionalString(root, 'integrator', 'quote'),
    action: {
      fromChainId: integer(action, 'fromChainId', 'quote.action'),
      toChainId: integer(action, 'toChainId', 'quote.action'),
      fromToken: token(action['fromToken'], 'quote.action.fromToken'),
      toToken: token(action['toToken'], 'quote.action.toToken'),
      fromAmount: amount(action, 'fromAmount', 'quote.action'),
      fromAddress: optionalAddress(action, 'fromAddress', 'quote.action'),
      toAddress: optionalAddress(action, 'toAddress', 'quote.action'),
      slippage: typeof slippage === 'number' ? slippage : null,
    },
    estimate: {
      tool: string(estimate, 'tool', 'quote.estimate'),
      fromAmount: amount(estimate, 'fromAmount', 'quote.estimate'),
      toAmount: amount(estimate, 'toAmount', 'quote.estimate'),
      toAmountMin: amount(estimate, 'toAmountMin', 'quote.estimate'),
      approvalAddress: address(estimate, 'approvalAddress', 'quote.estimate'),
      executionDurationSeconds: integer(estimate, 'executionDuration', 'quote.estimate'),
      feeCosts,
      gasCosts,
      fromAmountUSD: optionalString(estimate, 'fromAmountUSD', 'quote.estimate'),
      toAmountUSD: optionalString(estimate, 'toAmountUSD', 'quote.estimate'),
    },
    includedSteps: steps.map((value, i) => {
      const path = `quote.includedSteps[${i}]`;
      const step = object(value, path);
      return {
        id: string(step, 'id', path),
        type: string(step, 'type', path),
        tool: string(step, 'tool', path),
      };
    }),
    transactionRequest: {
      to: address(tx, 'to', 'quote.transactionRequest'),
      from: address(tx, 'from', 'quote.transactionRequest'),
      data: hexData(tx, 'data', 'quote.transactionRequest'),
      value: quantity(tx, 'value', 'quote.transactionRequest'),
      chainId: integer(tx, 'chainId', 'quote.transactionRequest'),
      gasLimit: optionalQuantity(tx, 'gasLimit', 'quote.transactionRequest'),
      gasPrice: optionalQuantity(tx, 'gasPrice', 'quote.transactionRequest'),
      maxFeePerGas: optionalQuantity(tx, 'maxFeePerGas', 'quote.transactionRequest'),
      maxPriorityFeePerGas: optionalQuantity(tx, 'maxPriorityFeePerGas', 'quote.transactionRequest'),
    },
  };
}
