import type { components } from '../generated/api';

/**
 * The server's shapes, taken from the OpenAPI document the API server generates at build time
 * (`src/generated/api.ts`, written by openapi-typescript): never copied by hand, so a changed DTO breaks the build.
 */
type Schemas = components['schemas'];

export type Problem = Schemas['ProblemDto'];
export type EthAmount = Schemas['EthAmountDto'];
export type GovernorStatus = Schemas['GovernorStatusDto'];
export type WindowSpend = Schemas['WindowSpendDto'];
export type Confirmation = Schemas['ConfirmationDto'];
export type ConfirmationPage = Schemas['ConfirmationPageDto'];
export type ConfirmationDecision = Schemas['ConfirmationDecisionDto'];
export type HeldTokenAmount = Schemas['HeldTokenAmountDto'];
export type HeldSafety = Schemas['HeldSafetyDto'];
export type Execution = Schemas['ExecutionDto'];
export type ExecutionPage = Schemas['ExecutionPageDto'];
export type ExecutionTransaction = Schemas['ExecutionTransactionDto'];
export type WatchAlert = Schemas['WatchAlertDto'];
export type WatchAlertPage = Schemas['WatchAlertPageDto'];
export type WatchedWallet = Schemas['WatchedWalletDto'];
export type DcaOrder = Schemas['DcaOrderDto'];
export type DcaOrderPage = Schemas['DcaOrderPageDto'];
export type DcaAmount = Schemas['DcaAmountDto'];
export type DcaStats = Schemas['DcaStatsDto'];
