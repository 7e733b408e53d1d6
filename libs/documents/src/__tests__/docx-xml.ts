import JSZip from 'jszip';

export interface DocxParts {
  document: string;
  footers: string[];
  headers: string[];
  /** docProps/core.xml, entities decoded (title, description). */
  core: string;
  files: string[];
}

/** Opens a .docx as Word would: a zip holding word/document.xml, headers and footers. */
export async function openDocx(buffer: Buffer): Promise<DocxParts> {
  const zip = await JSZip.loadAsync(buffer);
  const files = Object.keys(zip.files);
  const read = (name: string): Promise<string> => zip.file(name)!.async('string');
  const named = (pattern: RegExp) => Promise.all(files.filter((f) => pattern.test(f)).sort().map(read));
  return {
    document: await read('word/document.xml'),
    footers: await named(/^word\/footer\d*\.xml$/),
    headers: await named(/^word\/header\d*\.xml$/),
    core: files.includes('docProps/core.xml') ? decodeXml(await read('docProps/core.xml')) : '',
    files,
  };
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The visible text of each paragraph, in document order (runs joined, XML entities decoded). */
export function paragraphTexts(xml: string): string[] {
  const paragraphs = xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
  return paragraphs.map((p) =>
    decodeXml(Array.from(p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g), (m) => m[1]).join('')),
  );
}

/** The index of each expected paragraph, searched in order; throws naming the first one missing. */
export function indexesInOrder(paragraphs: string[], expected: string[]): number[] {
  let cursor = 0;
  return expected.map((text) => {
    const found = paragraphs.indexOf(text, cursor);
    if (found < 0) {
      throw new Error(`paragraph not found after position ${cursor}: ${JSON.stringify(text.slice(0, 120))}`);
    }
    cursor = found + 1;
    return found;
  });
}
