import { loadSpec } from '../loadSpec.js';
import type { Capability } from './Capability.js';

/** `/docs` and `/openapi.json`: the OpenAPI document tsoa generated at build time, read once here. */
export const docs: Capability = {
  name: 'docs',
  reads: [],
  controllers: [],
  start({ shared }) {
    shared.spec = loadSpec();
    return {};
  },
};
