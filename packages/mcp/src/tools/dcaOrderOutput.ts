import { objectOutput } from './objectOutput.js';

/** The output schema of one DCA order (`DcaOrderDto`). */
export const dcaOrderOutput = objectOutput({
  id: { type: 'string' },
  status: { type: 'string', enum: ['active', 'paused', 'cancelled', 'completed'] },
  nextRunAt: { type: ['string', 'null'] },
});
