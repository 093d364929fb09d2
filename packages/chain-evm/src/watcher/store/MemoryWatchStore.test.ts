import { MemoryWatchStore } from './MemoryWatchStore.js';
import { watchStoreContract } from './testing/watchStoreContract.js';

watchStoreContract('MemoryWatchStore', () => new MemoryWatchStore());
