import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { ethAmount } from './schemas.js';

/** `governor_status`: caps, spent, remaining, kill switch (`GET /governor/status`). */
export const governorStatusTool = readTool({
  name: 'governor_status',
  title: 'Spend governor status',
  description:
    'The spend governor: the kill switch, the caps (per transaction, daily, session) in ETH-equivalent, what is spent and what is left in each window, open reservations, and which actions are held for an operator. Reads only.',
  input: {},
  output: objectOutput({
    killSwitch: { type: 'boolean' },
    limits: { type: 'object' },
    remaining: {
      type: 'object',
      properties: { perTx: ethAmount, daily: ethAmount, session: ethAmount },
      required: ['perTx', 'daily', 'session'],
    },
    confirmations: { type: 'object' },
  }),
  path: '/governor/status',
  openWorld: false,
});
