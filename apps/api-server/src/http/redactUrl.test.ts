import { describe, expect, it } from 'vitest';
import { redactUrl } from './redactUrl.js';

describe('redactUrl', () => {
  it.each([
    // user info
    ['https://user:pw-SECRET@rpc.example/', 'https://[redacted]@rpc.example/'],
    ['wss://KEYSECRET@rpc.example', 'wss://[redacted]@rpc.example'],
    // credential parameters, whatever the spelling; other parameters stay
    ['https://solana.example/?api-key=SOL-SECRET', 'https://solana.example/?api-key=[redacted]'],
    [
      'https://lb.drpc.org/ogrpc?network=ethereum&dkey=SECRET',
      'https://lb.drpc.org/ogrpc?network=ethereum&dkey=[redacted]',
    ],
    [
      'https://x.example/a?apikey=S1&token=S2&access_token=S3',
      'https://x.example/a?apikey=[redacted]&token=[redacted]&access_token=[redacted]',
    ],
    [
      'https://x.example/a?Secret=S&password=P&sig=G',
      'https://x.example/a?Secret=[redacted]&password=[redacted]&sig=[redacted]',
    ],
    [
      'https://x.example/cb#access_token=SECRET&state=1',
      'https://x.example/cb#access_token=[redacted]&state=1',
    ],
    // keys in the path: Infura, Alchemy, QuickNode, Ankr, Blast
    [
      'https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef',
      'https://mainnet.infura.io/v3/[redacted]',
    ],
    ['https://eth-mainnet.g.alchemy.com/v2/KEY-SECRET', 'https://eth-mainnet.g.alchemy.com/v2/[redacted]'],
    [
      'https://eth-mainnet.g.alchemy.com/nft/v3/aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE/getNFTs',
      'https://eth-mainnet.g.alchemy.com/nft/v3/[redacted]/getNFTs',
    ],
    [
      'https://withered-sky.quiknode.pro/0123456789abcdef0123456789abcdef01234567/',
      'https://withered-sky.quiknode.pro/[redacted]/',
    ],
    [
      'https://rpc.ankr.com/eth/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      'https://rpc.ankr.com/eth/[redacted]',
    ],
    [
      'https://eth-mainnet.blastapi.io/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901',
      'https://eth-mainnet.blastapi.io/[redacted]',
    ],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    'file:///srv/app/dist/services/SwapService.js:120:17',
    'file:///work/node_modules/ethers/lib.esm/address/address.js:128:5',
    'https://api.gopluslabs.io/api/v1/token_security/1?contract_addresses=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    'https://api.dexscreener.com/latest/dex/tokens/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    'http://127.0.0.1:8545/',
    'https://base.example/block/19000000?chain=8453',
  ])('%s stays as it is (nothing secret in it)', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('text that ends the sentence around a URL is kept outside it', () => {
    expect(redactUrl('https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef).')).toBe(
      'https://mainnet.infura.io/v3/[redacted]).',
    );
    expect(redactUrl('file:///srv/app.js:3:9)')).toBe('file:///srv/app.js:3:9)');
  });
});
