import fc from 'fast-check';

/**
 * The JSON schema subset the product asks answers in (OpenAI strict structured outputs, as decisions.md names it):
 * type, enum, const, anyOf, properties/required/additionalProperties, items/minItems/maxItems, minimum/maximum,
 * and descriptions.
 */
export interface SubsetSchema {
  type?: string;
  description?: string;
  const?: unknown;
  enum?: readonly unknown[];
  anyOf?: readonly SubsetSchema[];
  properties?: Record<string, SubsetSchema>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: SubsetSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

const SUBSET_KEYWORDS = new Set([
  'type',
  'description',
  'const',
  'enum',
  'anyOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
]);

/**
 * What keeps a schema from being a valid strict schema of the subset, by path: a keyword outside it (maxLength,
 * pattern, uniqueItems...), an object without additionalProperties:false or with a property not required, an array
 * without items, an anyOf branch that is not an object told apart by its own `tipo` (const or enum). Empty: valid.
 */
export function strictSubsetProblems(schema: SubsetSchema, path = '$'): string[] {
  const problems: string[] = [];
  for (const keyword of Object.keys(schema)) if (!SUBSET_KEYWORDS.has(keyword)) problems.push(`${path}: ${keyword} fora do subconjunto`);
  if (schema.anyOf) {
    const tipos = new Set<unknown>();
    schema.anyOf.forEach((branch, i) => {
      const tipo = branch.properties?.tipo;
      const values = tipo?.const !== undefined ? [tipo.const] : (tipo?.enum ?? []);
      if (branch.type !== 'object' || values.length === 0) problems.push(`${path}.anyOf[${i}]: ramo sem tipo próprio`);
      for (const value of values) {
        if (tipos.has(value)) problems.push(`${path}.anyOf[${i}]: tipo ${String(value)} repetido`);
        tipos.add(value);
      }
      problems.push(...strictSubsetProblems(branch, `${path}.anyOf[${i}]`));
    });
    return problems;
  }
  if (schema.type === 'object') {
    if (schema.additionalProperties !== false) problems.push(`${path}: additionalProperties deve ser false`);
    const keys = Object.keys(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    if (keys.length !== required.size || keys.some((key) => !required.has(key))) problems.push(`${path}: toda propriedade deve ser obrigatória`);
    for (const key of keys) problems.push(...strictSubsetProblems(schema.properties![key], `${path}.${key}`));
  } else if (schema.type === 'array') {
    if (!schema.items) problems.push(`${path}: array sem items`);
    else problems.push(...strictSubsetProblems(schema.items, `${path}[]`));
    if (schema.minItems !== undefined && schema.maxItems !== undefined && schema.minItems > schema.maxItems) problems.push(`${path}: minItems > maxItems`);
  } else if (!['string', 'integer', 'number', 'boolean', 'null'].includes(schema.type ?? '')) {
    problems.push(`${path}: tipo ${String(schema.type)} desconhecido`);
  }
  return problems;
}

/** Longest array generated where the schema sets no maxItems. */
const OPEN_ARRAY_EXTRA = 3;

/**
 * Every value a schema of the subset accepts, as a fast-check arbitrary: enums and consts as listed, integers and
 * numbers within minimum/maximum, arrays within minItems/maxItems, objects with their required keys (others
 * optional), anyOf as any of its branches. Strings that are no enum nor const come from `text` (the caller chooses
 * how often a text is empty, repeated or too long: what the schema cannot state).
 */
export function arbitraryOf(schema: SubsetSchema, text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => arbitraryOf(branch, text)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, arbitraryOf(child, text)]));
      return fc.record(properties, { requiredKeys: [...(schema.required ?? [])] });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(arbitraryOf(schema.items ?? {}, text), { minLength, maxLength: schema.maxItems ?? minLength + OPEN_ARRAY_EXTRA });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return text;
    default:
      throw new Error(`schema fora do subconjunto: ${JSON.stringify(schema).slice(0, 80)}`);
  }
}
