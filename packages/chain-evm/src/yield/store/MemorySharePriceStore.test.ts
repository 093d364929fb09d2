import { MemorySharePriceStore } from './MemorySharePriceStore.js';
import { describeSharePriceStoreContract } from './testing/sharePriceStoreContract.js';

describeSharePriceStoreContract('MemorySharePriceStore', () => new MemorySharePriceStore());
