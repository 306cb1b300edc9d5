// A record walked together with the JSON Schema generated from the zod
// schema: every value with its field path and its schema node. The coverage
// test and the mutations both start here, so a field added to record.ts is
// covered and mutated without touching these tests.
import { deviceRecordJsonSchema } from "../../generator/schema/json-schema.ts";

export type Node = Record<string, any>;

export const RECORD_SCHEMA: Node = deviceRecordJsonSchema();

/** A value in a record: its path as problems name it ("support.os[0].end"), its schema node, and whether its parent requires it. */
export interface Spot {
  path: string;
  node: Node;
  value: unknown;
  required: boolean;
}

/** The alternative of a oneOf/anyOf whose constant fields (publication.state) the value matches. */
const shapeOf = (node: Node, value: unknown): Node =>
  (node.oneOf ?? node.anyOf ?? []).find((alt: Node) =>
    Object.entries<Node>(alt.properties ?? {}).every(([k, p]) => p.const === undefined || (value as Node | null)?.[k] === p.const),
  ) ?? node;

export function spotsOf(value: unknown, node: Node = RECORD_SCHEMA, path = "", required = true, out: Spot[] = []): Spot[] {
  const n = shapeOf(node, value);
  out.push({ path, node: n, value, required });
  if (Array.isArray(value))
    value.forEach((x, i) => {
      spotsOf(x, n.items ?? {}, `${path}[${i}]`, false, out);
    });
  else if (value && typeof value === "object")
    for (const [k, child] of Object.entries<Node>(n.properties ?? {}))
      if (k in value) spotsOf((value as Node)[k], child, path ? `${path}.${k}` : k, (n.required ?? []).includes(k), out);
  return out;
}

/** Schema paths with [] for array items ("variants[].model"), as the field reference writes them. */
export const schemaPath = (path: string) => path.replace(/\[\d+\]/g, "[]");

/** Free text (the schema's Text): a non-empty string constrained by nothing else (no pattern, format or enumeration). */
export const isFreeText = (n: Node) => n.type === "string" && n.minLength === 1 && !n.pattern && !n.format && !n.enum && !n.allOf && n.const === undefined;

/** Every field path the schema declares, with its node (array fields by their items). */
export function declaredFields(node: Node = RECORD_SCHEMA, prefix = "", out = new Map<string, Node>()): Map<string, Node> {
  for (const [key, child] of Object.entries<Node>(node.properties ?? {})) {
    const p = prefix ? `${prefix}.${key}` : key;
    const item = child.type === "array" ? child.items : child;
    out.set(p, item);
    for (const shape of [item, ...(item.oneOf ?? item.anyOf ?? [])])
      if (shape.type === "object") declaredFields(shape, child.type === "array" ? `${p}[]` : p, out);
  }
  return out;
}
