import { BNCC_CODE_SOURCE } from '@planejador/contracts';

/** A piece of user text as it goes into the document: a plain paragraph or a list item. */
export interface TextBlock {
  kind: 'paragraph' | 'bullet';
  text: string;
}

// Characters that XML 1.0 forbids (controls other than tab/newline, unpaired surrogates, U+FFFE/U+FFFF):
// Word refuses a file that holds one, so they go before the text reaches docx.
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const BULLET_PREFIX = /^\s*(?:[-–•*▪◦·])\s+/;

/** Makes user text safe for WordprocessingML: NFC accents, no forbidden characters, tabs as spaces. */
export function cleanText(text: string): string {
  return text.normalize('NFC').replace(XML_FORBIDDEN, '').replace(/\t/g, '    ');
}

/** Splits a multi-line field into paragraphs; lines starting with "- " or "• " become list items. */
export function toTextBlocks(text: string): TextBlock[] {
  return cleanText(text)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .map((line): TextBlock => {
      const bullet = BULLET_PREFIX.exec(line);
      return bullet
        ? { kind: 'bullet', text: line.slice(bullet[0].length).trim() }
        : { kind: 'paragraph', text: line.trim() };
    });
}

// BNCC codes of any stage (EF05MA03, EI03EF01, EM13MAT101), and RS matrix codes that extend them (EF05MA03RS-1), in
// parentheses or not.
const SKILL_CODE = new RegExp(`^\\(?${BNCC_CODE_SOURCE}(?:[A-Z]{2}-?\\d+)?\\)?(?=[\\s:–-]|$)`);

/** Splits a skill line into its code and the rest (kept as written), so the code can be set in bold. */
export function splitSkillCode(line: string): { code: string; rest: string } | null {
  const match = SKILL_CODE.exec(line);
  if (!match) return null;
  return { code: match[0], rest: line.slice(match[0].length) };
}
