import { describeSharePriceStoreContract } from '../yield/store/testing/sharePriceStoreContract.js';
import { PostgresSharePriceStore } from './PostgresSharePriceStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_share_prices');

describeSharePriceStoreContract(
  'PostgresSharePriceStore',
  () => new PostgresSharePriceStore({ pool: db.pool(), schema: db.schema() }),
);
