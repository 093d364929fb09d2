// Finishes the OpenAPI document tsoa generated (build/openapi.json) where tsoa has no annotation for it:
// - info.license and a local server entry;
// - every error response (4xx/5xx) is declared as application/problem+json (RFC 9457), which is what we send;
// - the errors every operation can meet are declared where they occur: 400 MALFORMED_JSON/MALFORMED_BODY, 413 and 415
//   on operations that take a body (POST/DELETE) with the operation's own body limit (`x-body-limit-bytes`, from
//   body-limits.mjs), 502/503 on operations that reach a chain node (a `chain` parameter),
//   and 413 wherever no other 4xx is declared (any request may carry an over-long body);
// - OAS 3.0 `nullable` needs a `type` beside it: a nullable `allOf: [$ref]` gets `type: object`,
//   and a nullable `anyOf` of scalars carries `nullable` on each member;
// - `description` beside a `$ref` is moved into an `allOf` wrapper (siblings of `$ref` are ignored by OAS 3.0).
// - an example on every parameter and request body that works on `pnpm demo` (openapi-examples.mjs);
// - an example of a real answer on every 2xx JSON response (openapi-response-examples.mjs).
// Run after `tsoa spec-and-routes`; the build lints the result with Redocly's recommended rules.
import { readFileSync, writeFileSync } from 'node:fs';
import { bodyLimitOf } from './body-limits.mjs';
import { addExamples } from './openapi-examples.mjs';
import { addResponseExamples } from './openapi-response-examples.mjs';

const file = new URL('../build/openapi.json', import.meta.url);
const spec = JSON.parse(readFileSync(file, 'utf8'));

spec.info.license = { name: 'MIT', url: 'https://opensource.org/licenses/MIT' };
spec.servers = [{ url: 'http://127.0.0.1:8000', description: 'Default local bind (API_HOST/API_PORT)' }];

const problem = { $ref: '#/components/schemas/ProblemDto' };
const problemResponse = (description) => ({
  description,
  content: { 'application/problem+json': { schema: problem } },
});

for (const [path, item] of Object.entries(spec.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    if (typeof operation !== 'object' || operation === null || !operation.responses) continue;
    const responses = operation.responses;
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) < 400 || !response.content) continue;
      const json = response.content['application/json'];
      if (json) response.content = { 'application/problem+json': json };
    }
    const limit = bodyLimitOf(path, operation);
    const kib = `${limit / 1024} KiB`;
    operation['x-body-limit-bytes'] = limit;
    const secured = Array.isArray(operation.security) && operation.security.length > 0;
    if (secured && !responses['401']) responses['401'] = problemResponse('Missing or invalid X-API-Key');
    if (method === 'post' || method === 'delete') {
      responses['400'] ??= problemResponse('Malformed JSON or an undecodable (corrupt compressed) body');
      responses['413'] ??= problemResponse(`Request body over ${kib} (PAYLOAD_TOO_LARGE)`);
      responses['415'] ??= problemResponse(
        'Request body is not JSON, or in an unsupported charset or encoding',
      );
    }
    // /security/token reports provider and node failures inside the report (a 200), never as 502/503.
    const takesChain =
      !path.startsWith('/security') && (operation.parameters ?? []).some((p) => p.name === 'chain');
    if (takesChain) {
      responses['422'] ??= problemResponse('Invalid parameters, unknown or unconfigured chain');
      responses['502'] ??= problemResponse('The chain node answered with an error, or serves another chain');
      responses['503'] ??= problemResponse('The chain node is unreachable or timed out');
    }
    // Any request may carry a body; the body guard refuses one over the operation's limit before any route runs.
    if (!Object.keys(responses).some((s) => /^4\d\d$/.test(s))) {
      responses['413'] = problemResponse(
        `A request body over ${kib} (this operation takes none; PAYLOAD_TOO_LARGE)`,
      );
    }
    if (!path.startsWith('/')) throw new Error(`unexpected path ${path}`);
  }
}

function visit(node) {
  if (Array.isArray(node)) {
    node.forEach(visit);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  if (node.nullable === true && node.type === undefined) {
    if (Array.isArray(node.allOf) && node.allOf.length === 1) {
      node.type = 'object';
    } else if (Array.isArray(node.anyOf)) {
      for (const member of node.anyOf) if (member.type !== undefined) member.nullable = true;
      delete node.nullable;
    }
  }
  if (node.$ref !== undefined && node.description !== undefined) {
    node.allOf = [{ $ref: node.$ref }];
    delete node.$ref;
  }
  for (const value of Object.values(node)) visit(value);
}
visit(spec.components);
visit(spec.paths);
addExamples(spec);
addResponseExamples(spec);

writeFileSync(file, `${JSON.stringify(spec, null, '\t')}\n`);
