// The execution gateway's action table: adding an action kind (here `deposit` into one ERC-4626 vault) is one
// module and one row; no step of the gateway changes. Offline: `checkPolicy` is the gateway's pure policy step.
import {
  type ActionModule,
  buildApproveIntent,
  checkPolicy,
  defaultActionModules,
  type ExecutionIntent,
  resolveChain,
} from '@org/chain-evm';

const chain = resolveChain({ chain: 'base' });
const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; // the gateway's address
const vault = '0x1111111111111111111111111111111111111111'; // an ERC-4626 vault the operator configured
const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');

// deposit(uint256 assets, address receiver): exactly the declared spend, for the wallet, nothing else.
const depositAction: ActionModule = {
  action: 'deposit',
  spenders: (c) => (c.id === chain.id ? [vault] : []), // makes an exact approval to the vault possible
  check: ({ intent, wallet: self }) => {
    const spent = intent.spends[0];
    const expected = `0x6e553f65${word(spent?.amount.toString(16) ?? '')}${word(self)}`;
    if (intent.to.toLowerCase() !== vault) return { code: 'TARGET_NOT_ALLOWED', reason: 'not the vault' };
    if (intent.spends.length !== 1 || spent?.token !== usdc || intent.data.toLowerCase() !== expected) {
      return { code: 'INTENT_INVALID', reason: 'not deposit(the declared spend, the wallet)' };
    }
    return null;
  },
};
const actions = [...defaultActionModules, depositAction];

const approval = buildApproveIntent({ chainId: chain.id, token: usdc, spender: vault, amount: 25_000_000n });
console.log('approve the vault, default table:', checkPolicy({ intent: approval, chain, wallet })?.code); // TARGET_NOT_ALLOWED
console.log('approve the vault, with deposit:', checkPolicy({ intent: approval, chain, wallet, actions })); // null

const deposit: ExecutionIntent = {
  chainId: chain.id,
  action: 'deposit',
  to: vault,
  data: `0x6e553f65${word(25_000_000n.toString(16))}${word(wallet)}`,
  value: 0n,
  spends: [{ token: usdc, amount: 25_000_000n }],
  acquires: [],
  description: 'deposit 25 USDC',
};
console.log('deposit, default table:', checkPolicy({ intent: deposit, chain, wallet })?.code); // TARGET_NOT_ALLOWED (no module)
console.log('deposit, with its module:', checkPolicy({ intent: deposit, chain, wallet, actions })); // null
const stolen = { ...deposit, data: `0x6e553f65${word(25_000_000n.toString(16))}${word(vault)}` as const };
console.log('deposit to someone else:', checkPolicy({ intent: stolen, chain, wallet, actions })?.code); // INTENT_INVALID
