import { dcaCommandTool } from './dcaCommandTool.js';

/** `dca_cancel`: ends an order for good. */
export const dcaCancelTool = dcaCommandTool({
  name: 'dca_cancel',
  title: 'Cancel a recurring buy',
  description:
    'Cancels a DCA order for good (terminal: it cannot be resumed); a fill already sent settles and counts.',
  method: 'DELETE',
  suffix: '',
  destructive: true,
});
