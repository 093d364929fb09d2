import { dcaCommandTool } from './dcaCommandTool.js';

/** `dca_pause`: active → paused. */
export const dcaPauseTool = dcaCommandTool({
  name: 'dca_pause',
  title: 'Pause a recurring buy',
  description: 'Pauses an active DCA order: no fill runs until it is resumed.',
  method: 'POST',
  suffix: '/pause',
  destructive: false,
});
