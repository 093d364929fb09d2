import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { chainInput } from './schemas.js';

/** `wallet_info`: the configured wallet's address and native balance (`GET /wallet/info`). */
export const walletInfoTool = readTool({
  name: 'wallet_info',
  title: 'Wallet address and balance',
  description: 'The wallet this server operates: its address and native balance on a chain. Reads only.',
  input: { chain: chainInput },
  output: objectOutput({ configured: { type: 'boolean' } }),
  path: '/wallet/info',
});
