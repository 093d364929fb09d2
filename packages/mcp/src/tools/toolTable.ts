import { approvalRevokeTool } from './approvalRevokeTool.js';
import { approvalsScanTool } from './approvalsScanTool.js';
import { bridgeExecuteTool } from './bridgeExecuteTool.js';
import { bridgeQuoteTool } from './bridgeQuoteTool.js';
import { dcaCancelTool } from './dcaCancelTool.js';
import { dcaCreateTool } from './dcaCreateTool.js';
import { dcaListTool } from './dcaListTool.js';
import { dcaPauseTool } from './dcaPauseTool.js';
import { dcaResumeTool } from './dcaResumeTool.js';
import { followExecutionTool } from './followExecutionTool.js';
import { followHeldActionTool } from './followHeldActionTool.js';
import { gasTool } from './gasTool.js';
import { governorStatusTool } from './governorStatusTool.js';
import { killSwitchTool } from './killSwitchTool.js';
import { portfolioTool } from './portfolioTool.js';
import { swapExecuteTool } from './swapExecuteTool.js';
import { swapQuoteTool } from './swapQuoteTool.js';
import type { ToolDefinition } from './ToolDefinition.js';
import { tokenSafetyTool } from './tokenSafetyTool.js';
import { walletInfoTool } from './walletInfoTool.js';
import { yieldBestTool } from './yieldBestTool.js';
import { yieldCompoundTool } from './yieldCompoundTool.js';
import { yieldOpportunitiesTool } from './yieldOpportunitiesTool.js';

/**
 * Every tool the MCP server offers, in the order agents see them. Curated, not one per endpoint; deliberately absent:
 * releasing the kill switch, changing the caps, approving or denying a held action, cancelling an execution — the
 * operator's, behind a key this server never holds.
 */
export const toolTable: readonly ToolDefinition[] = [
  walletInfoTool,
  portfolioTool,
  tokenSafetyTool,
  gasTool,
  swapQuoteTool,
  swapExecuteTool,
  approvalsScanTool,
  approvalRevokeTool,
  dcaCreateTool,
  dcaListTool,
  dcaPauseTool,
  dcaResumeTool,
  dcaCancelTool,
  yieldOpportunitiesTool,
  yieldBestTool,
  yieldCompoundTool,
  bridgeQuoteTool,
  bridgeExecuteTool,
  governorStatusTool,
  killSwitchTool,
  followExecutionTool,
  followHeldActionTool,
];
