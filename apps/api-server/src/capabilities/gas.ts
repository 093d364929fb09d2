import * as g from '../config/schema/gateway.js';
import { GasService } from '../services/GasService.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/** `/gas/*`: fee estimates against the ceiling the gateway signs under. */
export const gas: Capability = {
  name: 'gas',
  reads: [g.GAS_PRICE_CEILING_GWEI],
  controllers: ['GasController'],
  start({ config, shared }) {
    return {
      services: {
        gas: new GasService({
          providers: need(shared, 'providers'),
          wallet: shared.address,
          feeCeilingWei: config.gateway.feeCeilingWei,
        }),
      },
    };
  },
};
