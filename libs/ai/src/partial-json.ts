/**
 * The text fields of a JSON object still being written ('{"titulo":"Mudanças de est'): each top-level key whose
 * value is a string, with what of it has arrived so far (escapes decoded; a half-received escape left out). Other
 * values (arrays, objects, numbers) are skipped. Never throws: a malformed prefix gives what was read before it.
 * Streaming (decisions.md, "Generation"): the page shows each field growing as the model writes it.
 */
export function partialStringFields(prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = skipSpace(prefix, 0);
  if (prefix[i] !== '{') return out;
  i++;
  while (i < prefix.length) {
    i = skipSpace(prefix, i);
    if (prefix[i] === ',') i = skipSpace(prefix, i + 1);
    if (prefix[i] === '}' || i >= prefix.length) return out;
    if (prefix[i] !== '"') return out;
    const key = readString(prefix, i);
    if (!key.closed) return out;
    i = skipSpace(prefix, key.end);
    if (prefix[i] !== ':') return out;
    i = skipSpace(prefix, i + 1);
    if (i >= prefix.length) return out;
    if (prefix[i] === '"') {
      const value = readString(prefix, i);
      out[key.text] = value.text;
      if (!value.closed) return out;
      i = value.end;
    } else {
      const end = skipValue(prefix, i);
      if (end < 0) return out;
      i = end;
    }
  }
  return out;
}

/** The index of the first non-space character at or after `i`. */
export function skipSpace(s: string, i: number): number {
  while (i < s.length && /\s/u.test(s[i])) i++;
  return i;
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** A string starting at `start` (its opening quote): its text so far, whether it closed, and the index after it. */
export function readString(s: string, start: number): { text: string; closed: boolean; end: number } {
  let text = '';
  let i = start + 1;
  while (i < s.length) {
    const c = s[i];
    if (c === '"') return { text, closed: true, end: i + 1 };
    if (c === '\\') {
      const next = s[i + 1];
      if (next === undefined) break;
      if (next === 'u') {
        const hex = s.slice(i + 2, i + 6);
        if (hex.length < 4) break;
        text += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      text += ESCAPES[next] ?? next;
      i += 2;
      continue;
    }
    text += c;
    i++;
  }
  return { text, closed: false, end: s.length };
}

/** The index after a complete non-string value (array, object, number, literal), or -1 if it is not complete. */
function skipValue(s: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < s.length) {
    const c = s[i];
    if (c === '"') {
      const str = readString(s, i);
      if (!str.closed) return -1;
      i = str.end;
      continue;
    }
    if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      if (depth === 0) return i;
      depth--;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && (c === ',' || /\s/u.test(c))) return i;
    i++;
  }
  return -1;
}
