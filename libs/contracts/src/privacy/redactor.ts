import { GIVEN_NAMES } from './given-names';
import { PUBLIC_FIGURES, PUBLIC_PLACES } from './public-names';

/**
 * Personal data in a teacher's text (decisions.md, "Inclusion (DUA) without personal data"): what the redactor
 * replaces before any text leaves for an AI, and what the turma form warns about while the teacher types. The
 * stored text stays the teacher's; only the copy sent out is redacted.
 */
export const PERSONAL_DATA_KINDS = [
  'nome',
  'cpf',
  'rg',
  'nascimento',
  'telefone',
  'email',
  'endereco',
  'cid',
  'laudo',
  'documento',
] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/** The placeholder that replaces each kind (in Portuguese, so the AI still reads a sentence). */
export const PERSONAL_DATA_PLACEHOLDERS: Record<PersonalDataKind, string> = {
  nome: '[nome]',
  cpf: '[CPF]',
  rg: '[RG]',
  nascimento: '[data de nascimento]',
  telefone: '[telefone]',
  email: '[e-mail]',
  endereco: '[endereço]',
  cid: '[CID]',
  laudo: '[laudo]',
  documento: '[documento]',
};

export const PERSONAL_DATA_LABELS: Record<PersonalDataKind, string> = {
  nome: 'nome de pessoa',
  cpf: 'CPF',
  rg: 'RG',
  nascimento: 'data de nascimento',
  telefone: 'telefone',
  email: 'e-mail',
  endereco: 'endereço',
  cid: 'código CID',
  laudo: 'detalhe de laudo ou diagnóstico',
  documento: 'número de documento',
};

export interface PersonalDataSpan {
  tipo: PersonalDataKind;
  start: number;
  end: number;
  trecho: string;
}

export interface Redaction {
  /** The text with each span replaced by its placeholder. */
  text: string;
  /** What was found, in the original text's positions, in order. */
  found: PersonalDataSpan[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('pt-BR');

const NAMES = new Set(GIVEN_NAMES.map(fold));

/** Given names that are also common Portuguese words: names only with a sign that a person is meant. */
const AMBIGUOUS = new Set(
  (
    'rosa clara vitoria gloria graca luz paz aurora flor perola estrela luna iris jade mel lua cruz dores bela margarida ' +
    'sara caio ester natal diana dora olga mercedes esperanca bento vicente tales thales ravi leon levi otto marina ' +
    'conceicao fatima lourdes aparecida helena regina vera rita mari bia nina lulu gabi dani leo duda manu rafa tati ' +
    'nanda mario celia alice karen simone ruth rute cacá caca ariel isis jasmine dalva selma neide'
  ).split(' '),
);

/** Words that make the next capitalised word(s) a person: "aluno Enzo", "mãe da Yasmin", "família Souza". */
const STRONG_TRIGGERS = new Set(
  (
    'aluno aluna alunos alunas estudante estudantes crianca criancas menino menina meninos meninas mae pai maes pais ' +
    'irmao irma irmaos irmas filho filha filhos filhas responsavel responsaveis avo tia tio primo prima colega colegas ' +
    'professora professor prof profa coordenadora coordenador diretora diretor monitora monitor cuidadora cuidador ' +
    'estagiaria estagiario familia nome chamado chamada apelidado apelidada sr sra senhora senhor educando educanda'
  ).split(' '),
);

/** Articles and contractions before a name in speech: "o Enzo", "da Maria", "pro Pedro". */
const WEAK_TRIGGERS = new Set('o a os as do da dos das ao à aos às no na pro pra com de e'.split(' '));

/** Words that name a place, an institution, a title or an eponym: the capitalised words after them are no person. */
const NOT_A_PERSON_AFTER = new Set(
  (
    'sao santa santo santos dom frei padre papa rei rainha princesa principe imperador imperatriz marques duque conde ' +
    'barao visconde general marechal presidente governador senador capitao almirante teorema lei leis principio escala ' +
    'metodo era governo reinado revolta revolucao guerra tratado museu praca rua avenida av travessa alameda estrada ' +
    'rodovia escola colegio instituto parque ponte estacao hospital igreja capela biblioteca teatro estadio ginasio ' +
    'fundacao universidade faculdade centro emef eeef emei eeem cemei estadual municipal bairro vila morro rio serra lagoa ' +
    'ilha cidade municipio operacao projeto programa premio semana festa dia sitio editora livro livros obra obras poema ' +
    'poemas conto contos romance musica cancao filme serie personagem turma'
  ).split(' '),
);

/** Common Brazilian surnames: they extend a name ("Ana Souza") and, after a strong trigger, are one. */
const SURNAMES = new Set(
  (
    'silva santos oliveira souza sousa rodrigues ferreira alves pereira lima gomes costa ribeiro martins carvalho almeida ' +
    'lopes soares fernandes vieira barbosa rocha dias nascimento andrade moreira nunes marques machado mendes freitas ' +
    'cardoso ramos goncalves santana teixeira araujo cavalcanti monteiro moura castro campos pinto correia barros farias ' +
    'cunha batista xavier reis melo mello medeiros azevedo borges brito camargo coelho duarte fonseca franco garcia ' +
    'guimaraes jesus leite macedo miranda moraes morais nogueira pacheco peixoto pires prado queiroz rezende rosa sales ' +
    'salles siqueira tavares toledo vargas vasconcelos viana becker schmidt muller kuhn weber fischer wagner schneider ' +
    'lang klein koch hoffmann rossi ferrari bianchi romano colombo bertoldo zanella'
  ).split(' '),
);

const PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das', 'e']);

const ROMAN = /^(?:I{1,3}|IV|VI{0,3}|IX|X{1,3})$/u;

interface Token {
  text: string;
  folded: string;
  start: number;
  end: number;
  capital: boolean;
  /** First word of a sentence (or of the text). */
  initial: boolean;
  /** Joined to the previous or next word by a hyphen ("João-de-barro"). */
  hyphenated: boolean;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const word = /[\p{L}][\p{L}\p{M}'’]*/gu;
  let match: RegExpExecArray | null;
  while ((match = word.exec(text)) !== null) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text.slice(0, start).trimEnd();
    const initial = before.length === 0 || /[.!?:;\n•\-–—"“(]$/u.test(before);
    const hyphenated = text[start - 1] === '-' || text[end] === '-';
    tokens.push({
      text: match[0],
      folded: fold(match[0]),
      start,
      end,
      capital: /^\p{Lu}/u.test(match[0]),
      initial,
      hyphenated,
    });
  }
  return tokens;
}

/** "Joãozinho" -> João, "Pedrinho" -> Pedro, "Aninha" -> Ana. */
function diminutiveBase(folded: string): string | null {
  const m = /^(.+?)(zinho|zinha|inho|inha|ito|ita)$/u.exec(folded);
  if (!m) return null;
  const base = m[1];
  for (const candidate of [base, `${base}o`, `${base}a`, `${base}e`, `${base.replace(/qu$/u, 'c')}o`]) {
    if (NAMES.has(candidate)) return candidate;
  }
  return null;
}

/** The listed names in lower case, accents kept ("joão", "antônio"). */
const NAMES_LOWER = new Set(GIVEN_NAMES.map((n) => n.toLocaleLowerCase('pt-BR')));

/**
 * A listed given name. Capitalised, accents are folded ("Joao" is João) and diminutives count ("Joãozinho"); in lower
 * case the accents must match or be absent ("anã" is no Ana, "pedrinha" no Pedro).
 */
function isGivenName(token: Token): boolean {
  if (token.capital) return NAMES.has(token.folded) || diminutiveBase(token.folded) !== null;
  const lower = token.text.toLocaleLowerCase('pt-BR');
  return NAMES_LOWER.has(lower) || (lower === token.folded && NAMES.has(token.folded));
}

/** A capitalised word that reads like a Brazilian given name not in the list ("Kemilly", "Richarlyson"). */
function looksLikeName(token: Token): boolean {
  return token.capital && token.text.length >= 4 && /(?:[kwy].*|lly|son|ton|nny|elle|ielle)$/u.test(token.folded) && !/(?:ia|eo|ao)$/u.test(token.folded);
}

/** Listed given names that are also everyday words in lower case ("tais como", "os marcos da memória"). */
const LOWERCASE_WORDS = new Set(
  'tais marcos bento vitoria natal celia davi mario caio sara ester mel paz luz flor lua cruz bela rosa clara gloria graca aurora perola estrela dores neve serena vera rita leo bia gui dani mari nina duda manu lulu gabi tati nanda rafa caca jade iris luna alice regina helena vicente tales marina'.split(' '),
);

/** Articles and contractions before a name in speech ("o Enzo", "da Maria"): not "de", "e" or "com". */
const ARTICLES = new Set('o a os as do da dos das ao à aos às no na pro pra'.split(' '));

// ---------- patterns with digits and symbols ----------

const DATE = String.raw`(?:\d{1,2}[\/.-]\d{1,2}(?:[\/.-]\d{2,4})?|\d{1,2}\s+de\s+[a-zç]+(?:\s+de\s+\d{4})?|\d{4})`;
const MONTHS = /janeiro|fevereiro|março|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro/iu;

interface PatternRule {
  tipo: PersonalDataKind;
  pattern: RegExp;
  /** Keep the match only if this holds (checksum, month name...). */
  accept?: (match: RegExpExecArray) => boolean;
}

function validCpf(digits: string): boolean {
  if (!/^\d{11}$/u.test(digits) || /^(\d)\1{10}$/u.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

const PATTERN_RULES: PatternRule[] = [
  { tipo: 'email', pattern: /[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)+/gu },
  { tipo: 'cpf', pattern: /\bCPF\b\s*(?:n[º°o.]?\s*)?[:\-]?\s*\d{3}\.?\d{3}\.?\d{3}[-.]?\d{2}\b/giu },
  { tipo: 'cpf', pattern: /(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d])/gu },
  { tipo: 'cpf', pattern: /(?<![\d.-])\d{11}(?![\d])/gu, accept: (m) => validCpf(m[0]) },
  { tipo: 'rg', pattern: /\bRG\b\s*(?:n[º°o.]?\s*)?[:\-]?\s*[\dXx][\dXx.\-/]{4,14}[\dXx]/giu },
  { tipo: 'documento', pattern: /\b(?:matr[íi]cula|certid[ãa]o(?: de nascimento)?|NIS|SUS|cart[ãa]o do SUS|passaporte)\b\s*(?:n[º°o.]?\s*)?[:\-]?\s*\d[\d.\-/ ]{4,20}\d/giu },
  {
    tipo: 'nascimento',
    pattern: new RegExp(
      String.raw`\b(?:nasc(?:ido|ida|imento)?\.?|nasceu|data de nascimento|dt\.? nasc\.?|DN|d\.n\.|anivers[áa]rio)(?:[^\d\n.;]{0,30}?)${DATE}(?![\d])`,
      'giu',
    ),
    accept: (m) => /\d/u.test(m[0]) && (/\d[\/.-]\d/u.test(m[0]) || MONTHS.test(m[0]) || /\b(19|20)\d{2}\b/u.test(m[0])),
  },
  {
    tipo: 'cid',
    pattern: /\bCID(?:[\s-]?10|[\s-]?11)?\s*[:\-]?\s*(?:[A-Za-z]\s?\d{2}(?:\.\d{1,2})?|[0-9][A-Za-z][0-9A-Za-z]{2}(?:\.[0-9A-Za-z]{1,2})?)(?:\s*(?:e|,|\/)\s*[A-Za-z]\d{2}(?:\.\d{1,2})?)*/gu,
  },
  { tipo: 'cid', pattern: /(?<![\p{L}\d])F\d{2}(?:\.\d{1,2})?(?![\p{L}\d])/gu },
  { tipo: 'cid', pattern: /(?<![\p{L}\d])[GHQ]\d{2}\.\d{1,2}(?![\p{L}\d])/gu },
  {
    tipo: 'endereco',
    pattern:
      /\b(?:rua|r\.|avenida|av\.?|travessa|tv\.|alameda|estrada|rodovia|praça|beco|servidão|largo)\s+[\p{L}\d][\p{L}\d .'’]{1,60}?,?\s*(?:n[º°o.]?\s*|número\s*)?[1-9]\d{0,4}\b(?:\s*[,/-]?\s*(?:ap(?:to)?\.?|apartamento|casa|bloco|bl\.?|fundos|sala|lote|quadra|conjunto)\b(?:\s*(?:d[aeo]s?\s+)?[\p{L}\d]{1,10})?)*(?:\s*[-–,]\s*(?:bairro\s+)?\p{Lu}[\p{L}]+(?:\s+(?:d[aeo]s?\s+)?\p{Lu}[\p{L}]+)*)?/giu,
  },
  { tipo: 'endereco', pattern: /\b(?:CEP\s*[:\-]?\s*)?\d{5}-\d{3}\b/giu },
  {
    tipo: 'telefone',
    pattern:
      /(?<![\d/.-])(?:\+?55\s?)?(?:\(\d{2}\)\s?|\d{2}[\s.-])?(?:9\s?)?\d{4}[\s.-]\d{4}(?![\d/])|(?<![\d/.-])(?:\+?55)?\d{10,11}(?![\d/])/gu,
  },
  {
    tipo: 'telefone',
    pattern: /\b(?:tel|telefone|fone|cel|celular|whats(?:app)?|zap|contato)\.?\s*[:\-]?\s*(?:\(?\d{2}\)?\s?)?\d[\d .-]{6,12}\d/giu,
  },
  {
    tipo: 'laudo',
    pattern:
      /\blaudos?\b(?:\s+(?:m[ée]dicos?|neurol[óo]gicos?|psicol[óo]gicos?|psiqui[áa]tricos?))?(?:\s*(?:de|com|:|-|que indica|indicando|aponta|apontando|confirma|confirmando|para))\s+[^.,;\n()]{1,60}/giu,
  },
  { tipo: 'laudo', pattern: /\bdiagn[óo]stic(?:o|ad[oa])\s+(?:de|com|:|-)\s+[^.,;\n()]{1,60}/giu },
];

function patternSpans(text: string): PersonalDataSpan[] {
  const spans: PersonalDataSpan[] = [];
  for (const rule of PATTERN_RULES) {
    rule.pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = rule.pattern.exec(text)) !== null) {
      if (m[0].length === 0) {
        rule.pattern.lastIndex++;
        continue;
      }
      if (rule.accept && !rule.accept(m)) continue;
      const trecho = m[0].replace(/\s+$/u, '');
      spans.push({ tipo: rule.tipo, start: m.index, end: m.index + trecho.length, trecho });
    }
  }
  return spans;
}

// ---------- names ----------

/** Ranges covered by public figures, places and institution names (never redacted as people). */
function protectedRanges(text: string, tokens: Token[]): [number, number][] {
  const ranges: [number, number][] = [];
  const lower = text.toLocaleLowerCase('pt-BR');
  for (const phrase of [...PUBLIC_FIGURES, ...PUBLIC_PLACES]) {
    const needle = phrase.toLocaleLowerCase('pt-BR');
    let from = 0;
    let at: number;
    while ((at = lower.indexOf(needle, from)) !== -1) {
      const end = at + needle.length;
      const boundaryBefore = at === 0 || !/[\p{L}\d]/u.test(lower[at - 1]);
      const boundaryAfter = end >= lower.length || !/[\p{L}\d]/u.test(lower[end]);
      // Public names count when written capitalised, as names are (“a emília” in lower case is someone's note);
      // a one-word one that is also a given name ("Pedrinho", "Iara") is a person after "o", "a", "aluno"...
      const oneGivenName = !needle.includes(' ') && (NAMES.has(fold(needle)) || diminutiveBase(fold(needle)) !== null);
      const person = oneGivenName && (triggerBefore(lower, at) || !WORK_CONTEXT.test(fold(text)));
      if (boundaryBefore && boundaryAfter && /^\p{Lu}/u.test(text[at]) && !person) ranges.push([at, end]);
      from = at + 1;
    }
  }
  // The capitalised run after a title, place or institution word ("São João", "Escola Estadual Júlio de Castilhos").
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!NOT_A_PERSON_AFTER.has(tokens[i].folded.replace(/\.$/u, ''))) continue;
    let j = i + 1;
    let end = -1;
    while (j < tokens.length) {
      const t = tokens[j];
      if (!sameRun(text, tokens[j - 1], t)) break;
      if (t.capital || (j === i + 1 && isGivenName(t))) end = t.end;
      else if (!PARTICLES.has(t.folded) || t.folded === 'e') break;
      j++;
    }
    if (end > 0) ranges.push([tokens[i + 1].start, end]);
  }
  // Hyphenated compounds (João-de-barro, Maria-mole) and a name before a Roman numeral (Pedro II, Luís XIV).
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.hyphenated) ranges.push([t.start, t.end]);
    const next = tokens[i + 1];
    if (next && ROMAN.test(next.text) && sameRun(text, t, next)) ranges.push([t.start, next.end]);
  }
  return ranges;
}

/**
 * Words that say a text is about a story, a work or a tradition: only then is a one-word character that is also a
 * given name ("Pedrinho", "Emília", "Iara") kept as curriculum; elsewhere it is a child of the class.
 */
const WORK_CONTEXT =
  /\b(?:sitio|picapau|lobato|livro|livros|historia|historinha|conto|contos|lenda|lendas|folclore|personagem|personagens|obra|leitura|gibi|gibis|quadrinhos|turma da monica|fabula|teatro|filme|desenho|biblia|santa|santo|sao|deus|igreja|festa)\b/u;

/** Whether the word before position `at` is one that makes the next capitalised word a person. */
function triggerBefore(lower: string, at: number): boolean {
  const m = /([\p{L}]+)\.?\s+$/u.exec(lower.slice(Math.max(0, at - 30), at));
  if (!m) return false;
  const word = fold(m[1]);
  return STRONG_TRIGGERS.has(word) || (WEAK_TRIGGERS.has(word) && !['e', 'de', 'com'].includes(word));
}

/** Two tokens in the same stretch of words: only spaces between them. */
function sameRun(text: string, a: Token, b: Token): boolean {
  return /^\s+$/u.test(text.slice(a.end, b.start));
}

const inside = (ranges: readonly [number, number][], start: number, end: number) =>
  ranges.some(([s, e]) => start < e && end > s);

function nameSpans(text: string, taken: readonly [number, number][]): PersonalDataSpan[] {
  const tokens = tokenize(text);
  const guarded = [...protectedRanges(text, tokens), ...taken];
  const spans: PersonalDataSpan[] = [];
  const free = (t: Token) => !inside(guarded, t.start, t.end);

  const isNameStart = (i: number): boolean => {
    const t = tokens[i];
    if (!free(t) || t.text.length < 2) return false;
    const prev = i > 0 && sameRun(text, tokens[i - 1], t) ? tokens[i - 1] : undefined;
    const prevWord = prev?.folded.replace(/\.$/u, '');
    const strong = prevWord !== undefined && STRONG_TRIGGERS.has(prevWord);
    const weak = prevWord !== undefined && WEAK_TRIGGERS.has(prevWord);
    const listed = isGivenName(t);
    const ambiguous = AMBIGUOUS.has(t.folded);
    if (t.capital) {
      if (listed && !ambiguous) return true;
      if (listed && ambiguous) return strong || weak || followedByName(i);
      if (strong) return !NOT_A_PERSON_AFTER.has(t.folded) && (SURNAMES.has(t.folded) || !t.initial);
      return prevWord !== undefined && ARTICLES.has(prevWord) && !t.initial && looksLikeName(t);
    }
    // Lower case: a listed name that is no common word ("joão precisa de apoio").
    return listed && !ambiguous && !LOWERCASE_WORDS.has(t.folded) && t.text.length >= 3;
  };

  const followedByName = (i: number): boolean => {
    const next = tokens[i + 1];
    return !!next && sameRun(text, tokens[i], next) && next.capital && (isGivenName(next) || SURNAMES.has(next.folded));
  };

  for (let i = 0; i < tokens.length; i++) {
    if (!isNameStart(i)) continue;
    let end = tokens[i].end;
    let j = i + 1;
    // The rest of the name: capitalised given names or surnames, with "de/da/dos" between them.
    while (j < tokens.length && sameRun(text, tokens[j - 1], tokens[j]) && free(tokens[j])) {
      const t = tokens[j];
      if (t.capital && (isGivenName(t) || SURNAMES.has(t.folded) || !NOT_A_PERSON_AFTER.has(t.folded)) && !ROMAN.test(t.text)) {
        // A capitalised word after a name is part of it unless it opens a new sentence.
        end = t.end;
        j++;
        continue;
      }
      if (PARTICLES.has(t.folded) && t.folded !== 'e') {
        const after = tokens[j + 1];
        if (after && sameRun(text, t, after) && after.capital && free(after)) {
          j++;
          continue;
        }
      }
      break;
    }
    spans.push({ tipo: 'nome', start: tokens[i].start, end, trecho: text.slice(tokens[i].start, end) });
    i = j - 1;
  }
  return spans;
}

/**
 * Health and diagnosis details: personal when a named person is in the same sentence ("o Davi tem discalculia"),
 * a class-level need otherwise ("dois alunos com baixa visão").
 */
const HEALTH_DETAIL = new RegExp(
  [
    String.raw`\bTEA\b(?:\s*(?:n[íi]vel|grau)\s*\d)?`,
    String.raw`\bautis(?:mo|ta)\b(?:\s*(?:n[íi]vel|grau)\s*\d)?`,
    String.raw`\bTDAH?\b`,
    String.raw`\bTOD\b`,
    String.raw`\bTAG\b`,
    String.raw`\bTDL\b`,
    String.raw`\bTOC\b`,
    String.raw`\bdisl[ée]xic[oa]s?\b|\bdislexia\b`,
    String.raw`\bdiscalculia\b`,
    String.raw`\bdisgrafia\b`,
    String.raw`\bdisortografia\b`,
    String.raw`\bdispraxia\b`,
    String.raw`\bdefici[êe]ncia\s+(?:intelectual|visual|auditiva|f[íi]sica|m[úu]ltipla|mental)(?:\s+(?:leve|moderada|grave|severa|profunda))?`,
    String.raw`\bbaixa\s+vis[ãa]o\b`,
    String.raw`\bcegueira\b|\b(?:é|e)\s+ceg[oa]\b`,
    String.raw`\bsurdez\b|\b(?:é|e)\s+surd[oa]\b`,
    String.raw`\bperda\s+auditiva(?:\s+(?:bilateral|unilateral|leve|moderada|severa|profunda))?`,
    String.raw`\baparelho\s+auditivo\b`,
    String.raw`\bimplante\s+coclear\b`,
    String.raw`\bcadeira\s+de\s+rodas\b`,
    String.raw`\bmuletas?\b`,
    String.raw`\bparalisia\s+cerebral\b`,
    String.raw`\bs[íi]ndrome\s+(?:de|do|da)\s+[\p{L}-]+`,
    String.raw`\bepilepsia\b|\bepil[ée]ptic[oa]\b|\bconvuls(?:ão|ões|oes|ao)\b`,
    String.raw`\basma\b|\basm[áa]tic[oa]\b`,
    String.raw`\bdiabetes\b|\bdiab[ée]tic[oa]\b`,
    String.raw`\balergi(?:a|co|ca)\s+(?:a|à|ao|de)\s+[\p{L}]+`,
    String.raw`\bintoler[âa]ncia\s+(?:à|a)\s+[\p{L}]+`,
    String.raw`\b(?:toma|usa|tomando)\s+(?:ritalina|risperidona|venvanse|concerta|rem[ée]dio(?:\s+controlado)?|medica[çc][ãa]o|medicamento)\b`,
    String.raw`\britalina\b|\brisperidona\b|\bvenvanse\b`,
    String.raw`\bhiperatividade\b|\bd[ée]ficit\s+de\s+aten[çc][ãa]o\b`,
    String.raw`\btranstorno\s+(?:de|do|da|opositor|bipolar|obsessivo)(?:\s+[\p{L}]+){0,2}`,
    String.raw`\bansiedade\b|\bdepress[ãa]o\b|\bbipolar\b`,
    String.raw`\baltas\s+habilidades\b|\bsuperdota[çc][ãa]o\b|\bsuperdotad[oa]\b`,
    String.raw`\bgagueira\b|\bgag[oa]\b`,
  ].join('|'),
  'giu',
);

/** The sentences (by . ; ! ? or a line break) holding a named person, as [start, end). */
function healthSpans(text: string, names: readonly PersonalDataSpan[]): PersonalDataSpan[] {
  if (names.length === 0) return [];
  const spans: PersonalDataSpan[] = [];
  const sentence = /[^.;!?\n]+/gu;
  let m: RegExpExecArray | null;
  while ((m = sentence.exec(text)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    if (!names.some((n) => n.start >= start && n.start < end)) continue;
    HEALTH_DETAIL.lastIndex = 0;
    let h: RegExpExecArray | null;
    while ((h = HEALTH_DETAIL.exec(m[0])) !== null) {
      spans.push({ tipo: 'laudo', start: start + h.index, end: start + h.index + h[0].length, trecho: h[0] });
    }
  }
  return spans;
}

/** Overlapping spans become one (the first kind found wins; a longer span swallows a shorter one). */
function merge(spans: PersonalDataSpan[], text: string): PersonalDataSpan[] {
  const sorted = spans.slice().sort((a, b) => a.start - b.start || b.end - a.end);
  const out: PersonalDataSpan[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start < last.end) {
      if (span.end > last.end) {
        last.end = span.end;
        last.trecho = text.slice(last.start, last.end);
      }
      continue;
    }
    out.push({ ...span });
  }
  return out;
}

/**
 * Finds personal data in a teacher's text: people's names (a list of Brazilian given names, and capitalised names
 * after aluno/aluna/estudante/criança/mãe/o/a...), CPF, RG, dates of birth, phone numbers, e-mail and street
 * addresses, CID codes and laudo or diagnosis details. Public figures, places and institutions are kept.
 */
export function findPersonalData(text: string): PersonalDataSpan[] {
  if (!text) return [];
  const patterns = merge(patternSpans(text), text);
  const names = nameSpans(
    text,
    patterns.map((s) => [s.start, s.end] as [number, number]),
  );
  return merge([...patterns, ...names, ...healthSpans(text, names)], text);
}

/** The text with its personal data replaced by placeholders ("[nome]", "[CPF]"...), and what was replaced. */
export function redactPersonalData(text: string): Redaction {
  const found = findPersonalData(text);
  let out = '';
  let at = 0;
  for (const span of found) {
    out += text.slice(at, span.start) + PERSONAL_DATA_PLACEHOLDERS[span.tipo];
    at = span.end;
  }
  out += text.slice(at);
  return { text: out, found };
}

/** The kinds of personal data in a text, for a warning while the teacher types (empty: nothing found). */
export function personalDataKinds(text: string): PersonalDataKind[] {
  return [...new Set(findPersonalData(text).map((s) => s.tipo))];
}
