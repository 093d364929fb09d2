import { MemoryConfirmationStore } from './MemoryConfirmationStore.js';
import { confirmationStoreContract } from './testing/confirmationStoreContract.js';

confirmationStoreContract('MemoryConfirmationStore', () => new MemoryConfirmationStore());
