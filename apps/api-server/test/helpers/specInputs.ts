import { loadSpec } from '../../src/loadSpec.js';

/** A JSON schema as the generated OpenAPI document writes it (the parts the walkers read). */
export interface Schema {
  type?: string;
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  nullable?: boolean;
  $ref?: string;
  allOf?: Schema[];
  /** A body of several forms (`A | B`): each variant is an object schema. */
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
}

/** One string input of an operation: a parameter, or a body property (`name` is its dotted path in the body). */
export interface StringInput {
  in: 'path' | 'query' | 'header' | 'body';
  name: string;
  required: boolean;
  schema: Schema;
}

/** What a walker needs to know about one operation of the document. */
export interface OperationInputs {
  operationId: string;
  method: string;
  /** The path as written in the document (`/confirmations/{id}/approve`). */
  template: string;
  /** The keys it accepts: `api_key`, `operator_key`. */
  schemes: string[];
  /** Every string input, top-level and nested body properties alike. */
  strings: StringInput[];
  /** The body schema (resolved), when the operation takes one. */
  body: { required: boolean; schema: Schema; allOptional: boolean } | undefined;
  /** The names of the required parameters (path, query, header). */
  requiredParameters: string[];
}

interface RawOperation {
  operationId: string;
  security?: Record<string, unknown>[];
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}

/**
 * Every operation of the generated OpenAPI document with its inputs (parameters and body properties, `$ref`s
 * resolved), so that a walker covers an operation or a field added later without anyone remembering to list it.
 */
export function specInputs(): OperationInputs[] {
  const spec = loadSpec() as {
    paths: Record<string, Record<string, RawOperation>>;
    components: { schemas: Record<string, Schema> };
  };
  const resolve = (schema: Schema): Schema => {
    if (schema.$ref)
      return resolve(spec.components.schemas[schema.$ref.split('/').pop() as string] as Schema);
    if (schema.allOf?.length === 1)
      return { ...resolve(schema.allOf[0] as Schema), ...without(schema, 'allOf') };
    return schema;
  };
  const bodyStrings = (schema: Schema, prefix: string, required: boolean): StringInput[] => {
    const resolved = resolve(schema);
    if (resolved.type === 'string') return [{ in: 'body', name: prefix, required, schema: resolved }];
    // A body of several forms: each variant's fields, none of them required by the others.
    if (resolved.anyOf) return resolved.anyOf.flatMap((variant) => bodyStrings(variant, prefix, false));
    return Object.entries(resolved.properties ?? {}).flatMap(([name, property]) =>
      bodyStrings(
        property,
        prefix === '' ? name : `${prefix}.${name}`,
        required && (resolved.required ?? []).includes(name),
      ),
    );
  };
  return Object.entries(spec.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => {
        const parameters = op.parameters ?? [];
        const json = op.requestBody?.content['application/json']?.schema;
        const resolvedBody = json ? resolve(json) : undefined;
        const allOptional = (schema: Schema): boolean =>
          schema.anyOf
            ? schema.anyOf.some((variant) => allOptional(resolve(variant)))
            : (schema.required ?? []).length === 0;
        const body = resolvedBody
          ? {
              required: op.requestBody?.required === true,
              schema: resolvedBody,
              allOptional: allOptional(resolvedBody),
            }
          : undefined;
        return {
          operationId: op.operationId,
          method: method.toUpperCase(),
          template,
          schemes: (op.security ?? []).flatMap((group) => Object.keys(group)),
          strings: [
            ...parameters
              .filter((p) => resolve(p.schema).type === 'string')
              .map((p) => ({
                in: p.in,
                name: p.name,
                required: p.required === true,
                schema: resolve(p.schema),
              })),
            ...(body ? bodyStrings(body.schema, '', true) : []),
          ],
          body,
          requiredParameters: parameters.filter((p) => p.required === true).map((p) => p.name),
        };
      }),
  );
}

function without(schema: Schema, key: keyof Schema): Schema {
  const copy = { ...schema };
  delete copy[key];
  return copy;
}
