// tsoa's generated routes do not type-check under `exactOptionalPropertyTypes` (it passes
// `successStatus: undefined`). The file is generated, not written by us: exclude it from type checking.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../src/generated/routes.ts', import.meta.url);
const text = readFileSync(file, 'utf8');
if (!text.startsWith('// @ts-nocheck')) writeFileSync(file, `// @ts-nocheck\n${text}`);
