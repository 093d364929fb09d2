import { dcaCommandTool } from './dcaCommandTool.js';

/** `dca_resume`: paused → active from the next slot. */
export const dcaResumeTool = dcaCommandTool({
  name: 'dca_resume',
  title: 'Resume a recurring buy',
  description: 'Resumes a paused DCA order from its next slot at or after now (missed slots never run).',
  method: 'POST',
  suffix: '/resume',
  destructive: false,
});
