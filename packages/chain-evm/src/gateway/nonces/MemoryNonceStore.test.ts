import { MemoryNonceStore } from './MemoryNonceStore.js';
import { describeNonceStoreContract } from './testing/nonceStoreContract.js';

describeNonceStoreContract('MemoryNonceStore', () => {
  const store = new MemoryNonceStore();
  return { store, another: () => store };
});
