export { WalletOpsClient } from './client/WalletOpsClient.js';
export type {
  WalletOpsClientParameters,
  WalletOpsRequest,
  WalletOpsResponse,
} from './client/WalletOpsClient.js';
export { type CreateMcpServerParameters, createMcpServer } from './createMcpServer.js';
export {
  ApiRequestError,
  type ApiRequestErrorLocalCode,
  type ApiRequestErrorParameters,
} from './errors/ApiRequestError.js';
export { BaseError, type BaseErrorParameters } from './errors/BaseError.js';
export { McpConfigError } from './errors/McpConfigError.js';
export { type LoadMcpConfigParameters, type McpConfig, loadMcpConfig } from './loadMcpConfig.js';
export { EventFollower, type EventFollowerParameters } from './resources/EventFollower.js';
export { type RunningMcpServer, type StartMcpServerParameters, startMcpServer } from './startMcpServer.js';
export type { ObjectSchema, ToolContext, ToolDefinition, ToolHints } from './tools/ToolDefinition.js';
export { toolTable } from './tools/toolTable.js';
export {
  type RunningHttpServer,
  type StartHttpServerParameters,
  startHttpServer,
} from './transports/startHttpServer.js';
