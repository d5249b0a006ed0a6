/** Reads the served OpenAPI document into a flat list of operations. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
}

export interface Param {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  params: Param[];
  body: JsonSchema | null;
}

export async function loadOperations(base: string): Promise<Operation[]> {
  const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          operationId?: string;
          parameters?: Param[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId ?? `${method} ${path}`,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

/** Fills `{name}` path parameters. */
export const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));

export const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

export const typeOf = (s: JsonSchema | undefined): string => {
  if (!s) return 'unknown';
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null') ?? 'unknown';
  if (s.type) return s.type;
  if (s.const !== undefined) return typeof s.const;
  if (s.enum) return typeof s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  return alt ? typeOf(alt[0]) : 'unknown';
};
