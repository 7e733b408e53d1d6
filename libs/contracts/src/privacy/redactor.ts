import { GIVEN_NAMES } from './given-names';
import { PUBLIC_FIGURES, PUBLIC_PLACES } from './public-names';

/**
 * Personal data in a teacher's text (decisions.md, "Inclusion (DUA) without personal data"): what the redactor
 * replaces before any text leaves for an AI, and what the turma form warns about while the teacher types. Stored
 * texts stay the teacher's (only the copy sent out is redacted), except a class's notes, stored redacted
 * (class-notes.ts).
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

/**
 * Where a text comes from. `notes` (the default): class notes, regeneration wishes, titles, where every listed given
 * name is someone of the class. `lesson`: a lesson's own text (its description, its fields), which is about a topic:
 * a name there is a public figure or a character unless something says a person of the class is meant (aluno/mãe
 * before it, an article as in speech, "pra Fulano", a health phrase of which it is the subject).
 */
export interface RedactionOptions {
  kind?: 'notes' | 'lesson';
}

/** Lower case without accents ("Júlia" -> "julia"); plain ASCII words take the short way. */
const fold = (s: string) =>
  /^[\x00-\x7f]*$/u.test(s)
    ? s.toLowerCase()
    : s
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLocaleLowerCase('pt-BR');

const words = (list: string) => new Set(list.split(' '));

const NAMES = new Set(GIVEN_NAMES.map(fold));

/** Given names that are also common Portuguese words: names only with a sign that a person is meant. */
const AMBIGUOUS = words(
  'rosa clara vitoria gloria graca luz paz aurora flor perola estrela luna iris jade mel lua cruz dores bela margarida ' +
    'sara caio ester natal diana dora olga mercedes esperanca bento vicente tales thales ravi leon levi otto marina ' +
    'conceicao fatima lourdes aparecida helena regina vera rita mari bia nina lulu gabi dani leo duda manu rafa tati ' +
    'nanda mario celia alice karen simone ruth rute cacá caca ariel isis jasmine dalva selma neide',
);

/** Words that make the next capitalised word(s) a person: "aluno Enzo", "mãe da Yasmin", "família Souza". */
const STRONG_TRIGGERS = words(
  'aluno aluna alunos alunas estudante estudantes crianca criancas menino menina meninos meninas mae pai maes pais ' +
    'irmao irma irmaos irmas filho filha filhos filhas responsavel responsaveis avo tia tio primo prima colega colegas ' +
    'professora professor prof profa coordenadora coordenador diretora diretor monitora monitor cuidadora cuidador ' +
    'estagiaria estagiario familia nome chamado chamada apelidado apelidada sr sra senhora senhor educando educanda',
);

/** Articles and contractions before a name in speech: "o Enzo", "da Maria", "pro Pedro". */
const WEAK_TRIGGERS = words('o a os as do da dos das ao à aos às no na pro pra com de e');

/** Words that name a place, an institution, a title or an eponym: the capitalised words after them are no person. */
const NOT_A_PERSON_AFTER = words(
  'sao santa santo santos dom frei padre papa rei rainha princesa principe imperador imperatriz marques duque conde ' +
    'barao visconde general marechal presidente governador senador capitao almirante teorema lei leis principio escala ' +
    'metodo era governo reinado revolta revolucao guerra tratado museu praca rua avenida av travessa alameda estrada ' +
    'rodovia escola colegio instituto parque ponte estacao hospital igreja capela biblioteca teatro estadio ginasio ' +
    'fundacao universidade faculdade centro emef eeef emei eeem cemei estadual municipal bairro vila morro rio serra lagoa ' +
    'ilha cidade municipio operacao projeto programa premio semana festa dia sitio editora livro livros obra obras poema ' +
    'poemas conto contos romance musica cancao filme serie personagem turma',
);

/** Common Brazilian surnames: they extend a name ("Ana Souza") and, after a strong trigger, are one. */
const SURNAMES = words(
  'silva santos oliveira souza sousa rodrigues ferreira alves pereira lima gomes costa ribeiro martins carvalho almeida ' +
    'lopes soares fernandes vieira barbosa rocha dias nascimento andrade moreira nunes marques machado mendes freitas ' +
    'cardoso ramos goncalves santana teixeira araujo cavalcanti monteiro moura castro campos pinto correia barros farias ' +
    'cunha batista xavier reis melo mello medeiros azevedo borges brito camargo coelho duarte fonseca franco garcia ' +
    'guimaraes jesus leite macedo miranda moraes morais nogueira pacheco peixoto pires prado queiroz rezende rosa sales ' +
    'salles siqueira tavares toledo vargas vasconcelos viana becker schmidt muller kuhn weber fischer wagner schneider ' +
    'lang klein koch hoffmann rossi ferrari bianchi romano colombo bertoldo zanella',
);

const PARTICLES = words('de da do dos das e');

/**
 * Capitalised words that open a sentence without being anyone: pronouns, determiners, numbers, quantifiers and the
 * usual openers of a note. A capitalised word that is the subject of a health phrase is a person unless it is one of
 * these (or a public figure, or a word after which names are no person).
 */
const NOT_A_SUBJECT = words(
  'ele ela eles elas voce voces quem todos todas todo toda cada algum alguma alguns algumas nenhum nenhuma ninguem ' +
    'metade maioria parte resto outro outra outros outras esse essa esses essas este esta estes estas aquele aquela ' +
    'aqueles aquelas isso isto aquilo qual quais um uma uns umas dois duas tres quatro cinco seis sete oito nove dez ' +
    'muitos muitas poucos poucas varios varias ambos ambas tambem hoje ontem amanha agora ainda sempre so mas porque ' +
    'pq ja nao sim se que quando onde como entao depois antes obs nota atencao cuidado lembrar lembrete ' +
    'classe sala grupo equipe gente pessoal povo pessoa pessoas bebe bebes adolescente adolescentes jovem jovens ' +
    'segunda terca quarta quinta sexta sabado domingo janeiro fevereiro marco abril maio junho julho agosto setembro ' +
    'outubro novembro dezembro',
);

const ROMAN = /^(?:I{1,3}|IV|VI{0,3}|IX|X{1,3})$/u;

/** Tokens longer than this are no name (and are never run through the per-word patterns). */
const MAX_NAME_LENGTH = 24;

// ---------- work counter (for the linear-time test) ----------

let work = 0;

// ---------- tokens ----------

interface Token {
  text: string;
  folded: string;
  start: number;
  end: number;
  capital: boolean;
  /** First word of a sentence (or of the text). */
  initial: boolean;
  /** Hyphen-joined parts ("Maria-Eduarda", "joão-de-barro"): 1 for a plain word. */
  parts: number;
  /** A hyphenated given name: every part capitalised, the first a listed given name ("Ana-Lis", "João-Vitor"). */
  compoundName: boolean;
}

const LETTER = /\p{L}/u;
const WORD = /[\p{L}][\p{L}\p{M}'’]*/gu;
const SENTENCE_OPENER = new Set([...'.!?:;•-–—"“(']);

/** The words of a text, in one pass: hyphen-joined words are one token. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = 0;
  let lastMark: string | undefined;
  let scanned = 0;
  let match: RegExpExecArray | null;
  while ((match = WORD.exec(text)) !== null) {
    const start = match.index;
    let end = start + match[0].length;
    const partStarts = [start];
    // Join "Maria-Eduarda", "joão-de-barro": a hyphen between two letters.
    while (partStarts.length < 8 && text[end] === '-' && LETTER.test(text[end + 1] ?? '')) {
      WORD.lastIndex = end + 1;
      const next = WORD.exec(text);
      if (!next || next.index !== end + 1) break;
      partStarts.push(next.index);
      end = next.index + next[0].length;
    }
    WORD.lastIndex = end;
    for (; scanned < start; scanned++) {
      work++;
      if (!/\s/u.test(text[scanned])) lastMark = text[scanned];
    }
    scanned = end;
    const word = text.slice(start, end);
    const capital = /^\p{Lu}/u.test(word);
    const parts = partStarts.length;
    let compoundName = false;
    if (parts > 1 && word.length <= 2 * MAX_NAME_LENGTH) {
      const pieces = word.split('-');
      compoundName = pieces.every((p) => /^\p{Lu}\p{Ll}/u.test(p)) && NAMES.has(fold(pieces[0]));
    }
    tokens.push({
      text: word,
      folded: fold(word),
      start,
      end,
      capital,
      initial: lastMark === undefined || SENTENCE_OPENER.has(lastMark),
      parts,
      compoundName,
    });
    lastMark = word[word.length - 1];
    work++;
  }
  return tokens;
}

/** "Joãozinho" -> João, "Pedrinho" -> Pedro, "Aninha" -> Ana. */
function diminutiveBase(folded: string): string | null {
  if (folded.length > MAX_NAME_LENGTH) return null;
  const m = /^(.{1,20}?)(zinho|zinha|inho|inha|ito|ita)$/u.exec(folded);
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
 * case the accents must match or be absent ("anã" is no Ana, "pedrinha" no Pedro). A hyphenated one counts when every
 * part is capitalised and the first is listed ("Maria-Eduarda").
 */
function isGivenName(token: Token): boolean {
  if (token.parts > 1) return token.compoundName;
  if (token.text.length > MAX_NAME_LENGTH) return false;
  if (token.capital) return NAMES.has(token.folded) || diminutiveBase(token.folded) !== null;
  const lower = token.text.toLocaleLowerCase('pt-BR');
  return NAMES_LOWER.has(lower) || (lower === token.folded && NAMES.has(token.folded));
}

/** A capitalised word that reads like a Brazilian given name not in the list ("Kemilly", "Richarlyson"). */
function looksLikeName(token: Token): boolean {
  return (
    token.capital &&
    token.parts === 1 &&
    token.text.length >= 4 &&
    token.text.length <= MAX_NAME_LENGTH &&
    /(?:[kwy]\p{L}{0,24}|lly|son|ton|nny|elle|ielle)$/u.test(token.folded) &&
    !/(?:ia|eo|ao)$/u.test(token.folded)
  );
}

/** Listed given names that are also everyday words in lower case ("tais como", "os marcos da memória"). */
const LOWERCASE_WORDS = words(
  'tais marcos bento vitoria natal celia davi mario caio sara ester mel paz luz flor lua cruz bela rosa clara gloria graca aurora perola estrela dores neve serena vera rita leo bia gui dani mari nina duda manu lulu gabi tati nanda rafa caca jade iris luna alice regina helena vicente tales marina',
);

/** Articles and contractions before a name in speech ("o Enzo", "da Maria"): not "de", "e" or "com". */
const ARTICLES = words('o a os as do da dos das ao à aos às no na pro pra');

/** The singular ones: "os Karas" is a group, "o Kauã" a person. */
const SINGULAR_ARTICLES = words('o a do da ao à no na pro pra');

/** In a lesson's text, the words before a name that say the lesson is adapted for someone: "pra Ana", "p/ Caio". */
const FOR_SOMEONE = words('pra pro para p');

// ---------- patterns with digits and symbols ----------
// Every quantifier below is bounded, so each pattern's scan of a text is linear in its length (redactor.spec.ts
// checks the sources).

const DATE = String.raw`(?:\d{1,2}[\/.-]\d{1,2}(?:[\/.-]\d{2,4})?|\d{1,2}\s{1,3}de\s{1,3}[a-zç]{4,9}(?:\s{1,3}de\s{1,3}\d{4})?|\d{4})`;
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

/** The eleven digits of a CPF in groups of 3-3-3-2, with dots, dashes or spaces between them (or nothing). */
const CPF_DIGITS = String.raw`\d{3}[ .\-]{0,2}\d{3}[ .\-]{0,2}\d{3}[ .\-]{0,2}\d{2}(?!\d)`;

const PATTERN_RULES: PatternRule[] = [
  {
    tipo: 'email',
    pattern: /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){1,6}/gu,
  },
  {
    tipo: 'cpf',
    pattern: new RegExp(String.raw`(?<![\p{L}\p{N}])C\.?P\.?F\.?(?!\p{L})\s{0,3}(?:n[º°o.]?\s{0,2})?[:\-]?\s{0,3}${CPF_DIGITS}`, 'giu'),
  },
  // Unlabelled: the 3-3-3-2 groups with a separator between each ("529 982 247 25", "123.456.789-09").
  { tipo: 'cpf', pattern: /(?<![\d.\-])\d{3}[ .\-]\d{3}[ .\-]\d{3}[ .\-]\d{2}(?![\d])/gu },
  { tipo: 'cpf', pattern: /(?<![\d.-])\d{11}(?![\d])/gu, accept: (m) => validCpf(m[0]) },
  { tipo: 'rg', pattern: /\bRG\b\s{0,3}(?:n[º°o.]?\s{0,2})?[:\-]?\s{0,3}[\dXx][\dXx.\-/]{4,14}[\dXx]/giu },
  {
    tipo: 'documento',
    pattern:
      /(?<![\p{L}\p{N}])(?:matr[íi]cula|certid[ãa]o(?: de nascimento)?|NIS|SUS|cart[ãa]o do SUS|passaporte)(?![\p{L}\p{N}])\s{0,3}(?:n[º°o.]?\s{0,2})?[:\-]?\s{0,3}\d[\d.\-/ ]{4,20}\d/giu,
  },
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
    pattern:
      /\bCID(?:[\s-]?10|[\s-]?11)?\s{0,3}[:\-]?\s{0,3}(?:[A-Za-z]\s?\d{2}(?:\.\d{1,2})?|[0-9][A-Za-z][0-9A-Za-z]{2}(?:\.[0-9A-Za-z]{1,2})?)(?:\s{0,3}(?:e|,|\/)\s{0,3}[A-Za-z]\d{2}(?:\.\d{1,2})?){0,6}/gu,
  },
  { tipo: 'cid', pattern: /(?<![\p{L}\d])F\d{2}(?:\.\d{1,2})?(?![\p{L}\d])/gu },
  { tipo: 'cid', pattern: /(?<![\p{L}\d])[GHQ]\d{2}\.\d{1,2}(?![\p{L}\d])/gu },
  {
    tipo: 'endereco',
    pattern:
      /(?<![\p{L}\p{N}])(?:rua|r\.|avenida|av\.?|travessa|tv\.|alameda|estrada|rodovia|praça|beco|servidão|largo)\s{1,3}[\p{L}\d][\p{L}\d .'’]{1,60}?,?\s{0,3}(?:n[º°o.]?\s{0,2}|número\s{0,2})?[1-9]\d{0,4}\b(?:\s{0,3}[,/-]?\s{0,3}(?:ap(?:to)?\.?|apartamento|casa|bloco|bl\.?|fundos|sala|lote|quadra|conjunto)\b(?:\s{0,3}(?:d[aeo]s?\s{1,3})?[\p{L}\d]{1,10})?){0,4}(?:\s{0,3}[-–,]\s{0,3}(?:bairro\s{1,3})?\p{Lu}\p{L}{1,30}(?:\s{1,3}(?:d[aeo]s?\s{1,3})?\p{Lu}\p{L}{1,30}){0,4})?/giu,
  },
  { tipo: 'endereco', pattern: /\b(?:CEP\s{0,3}[:\-]?\s{0,3})?\d{5}-\d{3}\b/giu },
  {
    tipo: 'telefone',
    pattern:
      /(?<![\d/.-])(?:\+?55\s?)?(?:\(\d{2}\)\s?|\d{2}[\s.-])?(?:9\s?)?\d{4}[\s.-]\d{4}(?![\d/])|(?<![\d/.-])(?:\+?55)?\d{10,11}(?![\d/])/gu,
  },
  {
    tipo: 'telefone',
    pattern: /\b(?:tel|telefone|fone|cel|celular|whats(?:app)?|zap|contato)\.?\s{0,3}[:\-]?\s{0,3}(?:\(?\d{2}\)?\s?)?\d[\d .-]{6,12}\d/giu,
  },
  {
    tipo: 'laudo',
    pattern:
      /\blaudos?\b(?:\s{1,3}(?:m[ée]dicos?|neurol[óo]gicos?|psicol[óo]gicos?|psiqui[áa]tricos?))?(?:\s{0,3}(?:de|com|:|-|que indica|indicando|aponta|apontando|confirma|confirmando|para))\s{1,3}[^.,;\n()]{1,60}/giu,
  },
  { tipo: 'laudo', pattern: /\bdiagn[óo]stic(?:o|ad[oa])\s{1,3}(?:de|com|:|-)\s{1,3}[^.,;\n()]{1,60}/giu },
];

function patternSpans(text: string): PersonalDataSpan[] {
  const spans: PersonalDataSpan[] = [];
  for (const rule of PATTERN_RULES) {
    rule.pattern.lastIndex = 0;
    work += text.length;
    let m: RegExpExecArray | null;
    while ((m = rule.pattern.exec(text)) !== null) {
      work++;
      if (m[0].length === 0) {
        rule.pattern.lastIndex++;
        continue;
      }
      if (rule.accept && !rule.accept(m)) continue;
      const trecho = m[0].replace(/\s{1,8}$/u, '');
      spans.push({ tipo: rule.tipo, start: m.index, end: m.index + trecho.length, trecho });
    }
  }
  return spans;
}

// ---------- health and diagnosis details ----------

/** How far a health term may reach from where it starts (the longest alternative below, with its qualifiers). */
const HEALTH_WINDOW = 120;

const HEALTH_TERMS = [
  String.raw`TEA`,
  String.raw`autis(?:mo|ta|tas)`,
  String.raw`TDAH?`,
  String.raw`TOD`,
  String.raw`TAG`,
  String.raw`TDL`,
  String.raw`TOC`,
  String.raw`disl[ée]xic[oa]s?|dislexia`,
  String.raw`discalculia|disgrafia|disortografia|dispraxia|dislalia|disfasia|apraxia(?:\s{1,3}de\s{1,3}fala)?`,
  String.raw`defici[êe]ncia\s{1,3}(?:intelectual|visual|auditiva|f[íi]sica|m[úu]ltipla|mental)`,
  String.raw`deficiente(?:\s{1,3}(?:visual|auditiv[oa]|f[íi]sic[oa]|intelectual))?`,
  String.raw`baixa\s{1,3}(?:vis[ãa]o|audi[çc][ãa]o)`,
  String.raw`cegueira|ceg[oa]s?`,
  String.raw`surdez|surd[oa]s?`,
  String.raw`perda\s{1,3}auditiva`,
  String.raw`aparelho\s{1,3}auditivo`,
  String.raw`implante\s{1,3}coclear`,
  String.raw`cadeira\s{1,3}de\s{1,3}rodas|cadeirante`,
  String.raw`muletas?|andador`,
  String.raw`paralisia\s{1,3}cerebral`,
  String.raw`s[íi]ndrome\s{1,3}(?:de|do|da)\s{1,3}[\p{L}-]{2,30}`,
  String.raw`(?:crises?\s{1,3}(?:de\s{1,3})?)?(?:epilepsia|convuls(?:ão|ões|oes|ao)|ansiedade)`,
  String.raw`epil[ée]ptic[oa]`,
  String.raw`asma|asm[áa]tic[oa]|bronquite|rinite`,
  String.raw`diabetes|diab[ée]tic[oa]`,
  String.raw`alergi(?:a|co|ca)(?:\s{1,3}(?:a|à|ao|de)\s{1,3}\p{L}{2,20})?`,
  String.raw`intoler[âa]ncia\s{1,3}(?:à|a|ao)\s{1,3}\p{L}{2,20}`,
  String.raw`(?:doen[çc]a\s{1,3})?cel[íi]ac[oa]`,
  // A medicine, with the verb that takes it when there is one ("toma ritalina", "remédio pra epilepsia").
  String.raw`(?:(?:toma|usa|tomando|faz\s{1,3}uso\s{1,3}de)\s{1,3})?(?:(?:rem[ée]dios?|medica[çc][ãa]o|medicamentos?)(?:\s{1,3}controlad[oa]s?)?(?:\s{1,3}(?:pra|para|de|do|da|contra)\s{1,3}(?:a\s{1,3}|o\s{1,3})?\p{L}{2,20})?|ritalina|risperidona|venvanse|concerta|metilfenidato|sertralina|fluoxetina|aripiprazol|clonazepam|carbamazepina|insulina)`,
  String.raw`bomba\s{1,3}de\s{1,3}insulina`,
  String.raw`hiperatividade|hiperativ[oa]|d[ée]ficit\s{1,3}de\s{1,3}aten[çc][ãa]o`,
  String.raw`transtorno\s{1,3}(?:de|do|da|opositor|bipolar|obsessivo)(?:\s{1,3}\p{L}{1,20}){0,2}`,
  String.raw`depress[ãa]o|bipolar`,
  String.raw`altas\s{1,3}habilidades|superdota[çc][ãa]o|superdotad[oa]`,
  String.raw`gagueira|gag[oa]|gagueja`,
  String.raw`atraso\s{1,3}(?:na|de|no)\s{1,3}(?:fala|linguagem|desenvolvimento)`,
  String.raw`problemas?\s{1,3}(?:no|de)\s{1,3}(?:cora[çc][ãa]o|vis[ãa]o|audi[çc][ãa]o)|card[íi]ac[oa]|cardiopatia`,
  String.raw`hipotonia|daltonismo|dalt[ôo]nic[oa]|enurese|encoprese|escoliose|anemia(?:\s{1,3}falciforme)?|hemofilia|hipotireoidismo|hipertireoidismo|cardiopata`,
].join('|');

/** Words that qualify a diagnosis and belong to it: "TEA nível 1", "TDAH tipo desatento", "surdez profunda". */
const HEALTH_QUALIFIER = String.raw`(?:\s{1,3}(?:tipo\s{1,3}\p{L}{1,20}|n[íi]vel\s{1,3}\d|grau\s{1,3}\d|suporte\s{1,3}n[íi]vel\s{1,3}\d|leve|moderad[oa]|grave|sever[oa]|profund[oa]|refrat[áa]ri[oa]|controlad[oa]|bilateral|unilateral|tipo\s{1,3}\d))`;

const HEALTH_SOURCE = String.raw`(?<![\p{L}\p{N}])(?:${HEALTH_TERMS})${HEALTH_QUALIFIER}{0,3}(?![\p{L}\p{N}])`;
const HEALTH_DETAIL = new RegExp(HEALTH_SOURCE, 'giu');
/** The same, tried at one place only (the object of "X tem ..."). */
const HEALTH_AT = new RegExp(HEALTH_SOURCE, 'iuy');

/** Words ending as medical words do ("bronquite", "escoliose", "cardiopatia", "hemofilia"): health after "X tem". */
const MEDICAL_SUFFIX = /(?:ite|ose|patia|emia|filia|plegia|paresia|lalia|lexia|calculia|praxia|algia|fobia|tonia)$/u;
/** Words ending as drug names do ("sertralina", "risperidona", "metilfenidato"): a medicine after "X toma". */
const DRUG_SUFFIX = /(?:ina|ona|ato|ol|pam|lam|ida|xetina)$/u;

export const REDACTOR_PATTERNS: readonly RegExp[] = [...PATTERN_RULES.map((r) => r.pattern), HEALTH_DETAIL, HEALTH_AT];

// ---------- names ----------

/** Linear coverage queries over a set of ranges: does [start, end) touch any of them? */
class Cover {
  private readonly prefix: Int32Array;
  constructor(length: number, ranges: readonly [number, number][]) {
    const diff = new Int32Array(length + 1);
    for (const [s, e] of ranges) {
      if (e <= s) continue;
      diff[Math.max(0, s)]++;
      diff[Math.min(length, e)]--;
    }
    // prefix[i]: how many covered positions lie before i.
    this.prefix = new Int32Array(length + 1);
    let depth = 0;
    for (let i = 0; i < length; i++) {
      depth += diff[i];
      this.prefix[i + 1] = this.prefix[i] + (depth > 0 ? 1 : 0);
    }
    work += length;
  }
  touches(start: number, end: number): boolean {
    return this.prefix[end] - this.prefix[start] > 0;
  }
}

interface PublicPhrase {
  words: string[];
  /** A one-word phrase that is also a given name ("Pedrinho", "Iara"). */
  oneGivenName: boolean;
}

/** Public figures and places by their first word (folded), as token sequences. */
const PUBLIC_INDEX = (() => {
  const index = new Map<string, PublicPhrase[]>();
  for (const phrase of [...PUBLIC_FIGURES, ...PUBLIC_PLACES]) {
    const tokens = tokenize(phrase).map((t) => t.folded);
    if (tokens.length === 0) continue;
    const oneGivenName = tokens.length === 1 && (NAMES.has(tokens[0]) || diminutiveBase(tokens[0]) !== null);
    const list = index.get(tokens[0]) ?? [];
    list.push({ words: tokens, oneGivenName });
    index.set(tokens[0], list);
  }
  return index;
})();

/**
 * Words that say a text is about a story, a work or a tradition: only then is a one-word character that is also a
 * given name ("Pedrinho", "Emília", "Iara") kept as curriculum; elsewhere it is a child of the class.
 */
const WORK_CONTEXT = words(
  'sitio picapau lobato livro livros historia historinha conto contos lenda lendas folclore personagem personagens obra ' +
    'leitura gibi gibis quadrinhos monica fabula teatro filme desenho biblia santa santo sao deus igreja festa',
);

/** Two tokens in the same stretch of words: only spaces between them. */
function sameRun(text: string, a: Token, b: Token): boolean {
  const gap = b.start - a.end;
  if (gap < 1 || gap > 8) return false;
  for (let i = a.end; i < b.start; i++) if (!/\s/u.test(text[i])) return false;
  return true;
}

/** Two tokens of one phrase: at most a space and a comma or apostrophe between them ("Marcelo, Marmelo"). */
function samePhrase(text: string, a: Token, b: Token): boolean {
  const gap = b.start - a.end;
  if (gap > 3) return false;
  for (let i = a.end; i < b.start; i++) if (!/[\s,'’]/u.test(text[i])) return false;
  return true;
}

/** The folded word before token i, when only spaces (or "p/") separate them. */
function wordBefore(text: string, tokens: Token[], i: number): string | undefined {
  if (i === 0) return undefined;
  const prev = tokens[i - 1];
  if (sameRun(text, prev, tokens[i])) return prev.folded.replace(/\.$/u, '');
  // "p/ Caio", "c/ Ana"
  if (/^\/\s{0,2}$/u.test(text.slice(prev.end, Math.min(tokens[i].start, prev.end + 4)))) return prev.folded;
  return undefined;
}

/** Ranges covered by public figures, places and institution names (never redacted as people). */
function protectedRanges(text: string, tokens: Token[], lesson: boolean): [number, number][] {
  const ranges: [number, number][] = [];
  let workContext = lesson;
  for (const t of tokens) if (!workContext && WORK_CONTEXT.has(t.folded)) workContext = true;
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i];
    if (!first.capital) continue;
    const candidates = PUBLIC_INDEX.get(first.folded);
    if (!candidates) continue;
    let longest = -1;
    for (const phrase of candidates) {
      work += phrase.words.length;
      let k = 1;
      while (
        k < phrase.words.length &&
        i + k < tokens.length &&
        tokens[i + k].folded === phrase.words[k] &&
        samePhrase(text, tokens[i + k - 1], tokens[i + k])
      )
        k++;
      if (k < phrase.words.length) continue;
      if (phrase.oneGivenName) {
        // A one-word character that is also a given name ("Pedrinho", "Iara") is a person after "aluno", and in a
        // note also after "o", "a" or outside any story.
        const before = wordBefore(text, tokens, i);
        const strong = before !== undefined && STRONG_TRIGGERS.has(before);
        const weak = before !== undefined && WEAK_TRIGGERS.has(before) && !['e', 'de', 'com'].includes(before);
        if (strong || (!lesson && (weak || !workContext))) continue;
      }
      longest = Math.max(longest, i + k - 1);
    }
    if (longest >= 0) ranges.push([first.start, tokens[longest].end]);
  }
  // The capitalised run after a title, place or institution word ("São João", "Escola Estadual Júlio de Castilhos").
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!NOT_A_PERSON_AFTER.has(tokens[i].folded.replace(/\.$/u, ''))) continue;
    let j = i + 1;
    let end = -1;
    while (j < tokens.length) {
      work++;
      const t = tokens[j];
      if (!sameRun(text, tokens[j - 1], t)) break;
      if (t.capital || (j === i + 1 && isGivenName(t))) end = t.end;
      else if (!PARTICLES.has(t.folded) || t.folded === 'e') break;
      j++;
    }
    if (end > 0) ranges.push([tokens[i + 1].start, end]);
    // The title words inside this run are covered by it: go on after it (keeps this loop linear).
    i = Math.max(i, j - 2);
  }
  // Hyphenated words that are no name (João-de-barro, Maria-mole) and a name before a Roman numeral (Pedro II).
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.parts > 1 && !t.compoundName) ranges.push([t.start, t.end]);
    const next = tokens[i + 1];
    if (next && ROMAN.test(next.text) && sameRun(text, t, next)) ranges.push([t.start, next.end]);
  }
  return ranges;
}

interface HealthSubject {
  /** The last token of the name. */
  nameEnd: number;
  /** The health detail after the verb, when it is not one the sentence scan finds. */
  detail?: [number, number];
}

const PRESENT_HEALTH_VERBS = words('tem têm tém apresenta apresentam possui possuem sofre convive gagueja');
const MEDICINE_VERBS = words('toma tomam usa usam');
const HEALTH_ADJECTIVE_AFTER_E = /^(?:autista|surd[oa]|ceg[oa]|cadeirante|diab[ée]tic[oa]|hiperativ[oa]|cel[íi]ac[oa]|asm[áa]tic[oa]|epil[ée]ptic[oa]|disl[ée]xic[oa]|deficiente|cardiopata|dalt[ôo]nic[oa]|gag[oa])$/u;

/**
 * Whether the capitalised word at token i is the subject of a present-tense health phrase ("Alice tem TEA", "Helena
 * tem diabetes", "Kauê toma ritalina", "Lia é diagnosticada com TDAH", "Caio (TDAH)"), and where its name ends.
 * Past tenses ("Beethoven ficou surdo", "tinha epilepsia") speak of history and are left alone.
 */
function healthSubject(text: string, tokens: Token[], i: number, free: (t: Token) => boolean): HealthSubject | null {
  const t = tokens[i];
  if (!t.capital || !free(t) || t.text.length < 2 || t.text.length > MAX_NAME_LENGTH * 2) return null;
  if (!/\p{Ll}/u.test(t.text) || NOT_A_SUBJECT.has(t.folded) || STRONG_TRIGGERS.has(t.folded)) return null;
  if (WEAK_TRIGGERS.has(t.folded) || NOT_A_PERSON_AFTER.has(t.folded)) return null;
  // The rest of the name: up to three more capitalised words ("Ana Sophia", "Vitor Hugo").
  let end = i;
  while (end + 1 < tokens.length && end - i < 3 && sameRun(text, tokens[end], tokens[end + 1])) {
    const next = tokens[end + 1];
    if (!next.capital || !free(next) || NOT_A_SUBJECT.has(next.folded)) break;
    end++;
  }
  work += end - i + 1;
  let k = end + 1;
  const at = (n: number) => (k + n < tokens.length ? tokens[k + n] : undefined);
  const gapAfterName = text.slice(tokens[end].end, Math.min(text.length, tokens[end].end + 3));
  // "Caio (TDAH)", "Melissa (asma)"
  if (/^\s{0,1}\(/u.test(gapAfterName)) {
    const open = text.indexOf('(', tokens[end].end);
    HEALTH_AT.lastIndex = open + 1;
    work += HEALTH_WINDOW;
    if (HEALTH_AT.exec(text)) return { nameEnd: end };
    return null;
  }
  // "Beatriz, que tem TDAH"
  if (/^,/u.test(gapAfterName) && at(0)?.folded === 'que') k++;
  const verb = at(0);
  if (!verb || verb.capital) return null;
  let object = k + 1;
  let medicine = false;
  if (PRESENT_HEALTH_VERBS.has(verb.folded) || PRESENT_HEALTH_VERBS.has(verb.text)) {
    if (verb.folded === 'gagueja') return { nameEnd: end, detail: [verb.start, verb.end] };
    if (verb.folded === 'sofre' || verb.folded === 'convive') {
      if (!['de', 'com'].includes(at(1)?.folded ?? '')) return null;
      object++;
    }
  } else if (MEDICINE_VERBS.has(verb.folded)) {
    medicine = true;
  } else if (verb.folded === 'faz' && at(1)?.folded === 'uso' && at(2)?.folded === 'de') {
    medicine = true;
    object = k + 3;
  } else if ((verb.text === 'é' || verb.folded === 'foi') && /^diagnosticad[oa]$/u.test(at(1)?.folded ?? '')) {
    if (!['com', 'de'].includes(at(2)?.folded ?? '')) return null;
    object = k + 3;
  } else if (verb.text === 'é' && at(1) && HEALTH_ADJECTIVE_AFTER_E.test(at(1)!.folded)) {
    return { nameEnd: end };
  } else if (['esta', 'ta'].includes(verb.folded) && at(1)?.folded === 'em' && /^(?:investigacao|tratamento|acompanhamento)$/u.test(at(2)?.folded ?? '')) {
    object = k + 4;
  } else {
    return null;
  }
  const obj = tokens[object];
  if (!obj) return null;
  HEALTH_AT.lastIndex = obj.start;
  work += HEALTH_WINDOW;
  if (HEALTH_AT.exec(text)) return { nameEnd: end };
  if (obj.folded === 'laudo' || obj.folded === 'laudos') return { nameEnd: end, detail: [obj.start, obj.end] };
  if (obj.text.length <= MAX_NAME_LENGTH && MEDICAL_SUFFIX.test(obj.folded)) return { nameEnd: end, detail: [obj.start, obj.end] };
  if (medicine && obj.text.length <= MAX_NAME_LENGTH && DRUG_SUFFIX.test(obj.folded) && obj.folded.length >= 6) {
    return { nameEnd: end, detail: [obj.start, obj.end] };
  }
  return null;
}

interface NameScan {
  names: PersonalDataSpan[];
  details: PersonalDataSpan[];
}

function nameSpans(text: string, taken: readonly [number, number][], lesson: boolean): NameScan {
  const tokens = tokenize(text);
  const cover = new Cover(text.length, [...protectedRanges(text, tokens, lesson), ...taken]);
  const names: PersonalDataSpan[] = [];
  const details: PersonalDataSpan[] = [];
  const free = (t: Token) => !cover.touches(t.start, t.end);

  const isNameStart = (i: number): boolean => {
    const t = tokens[i];
    if (!free(t) || t.text.length < 2) return false;
    const prevWord = wordBefore(text, tokens, i);
    const strong = prevWord !== undefined && STRONG_TRIGGERS.has(prevWord);
    const weak = prevWord !== undefined && WEAK_TRIGGERS.has(prevWord);
    const listed = isGivenName(t);
    const ambiguous = AMBIGUOUS.has(t.folded);
    if (t.capital) {
      if (lesson) {
        // A lesson is about a topic: a name there is a person of the class only when the text says so.
        const spoken = prevWord !== undefined && (ARTICLES.has(prevWord) || FOR_SOMEONE.has(prevWord));
        if (listed) return strong || spoken;
        if (strong) return !NOT_A_PERSON_AFTER.has(t.folded) && (SURNAMES.has(t.folded) || !t.initial);
        return prevWord !== undefined && SINGULAR_ARTICLES.has(prevWord) && !t.initial && looksLikeName(t);
      }
      if (listed && !ambiguous) return true;
      if (listed && ambiguous) return strong || weak || followedByName(i);
      if (strong) return !NOT_A_PERSON_AFTER.has(t.folded) && (SURNAMES.has(t.folded) || !t.initial);
      return prevWord !== undefined && SINGULAR_ARTICLES.has(prevWord) && !t.initial && looksLikeName(t);
    }
    // Lower case: a listed name that is no common word ("joão precisa de apoio").
    return listed && t.parts === 1 && !ambiguous && !LOWERCASE_WORDS.has(t.folded) && t.text.length >= 3;
  };

  const followedByName = (i: number): boolean => {
    const next = tokens[i + 1];
    return !!next && sameRun(text, tokens[i], next) && next.capital && (isGivenName(next) || SURNAMES.has(next.folded));
  };

  for (let i = 0; i < tokens.length; i++) {
    work++;
    const subject = healthSubject(text, tokens, i, free);
    if (subject?.detail) {
      const [s, e] = subject.detail;
      details.push({ tipo: 'laudo', start: s, end: e, trecho: text.slice(s, e) });
    }
    if (!subject && !isNameStart(i)) continue;
    let end = tokens[subject ? subject.nameEnd : i].end;
    let j = (subject ? subject.nameEnd : i) + 1;
    // The rest of the name: capitalised given names or surnames, with "de/da/dos" between them.
    while (j < tokens.length && j - i < 8 && sameRun(text, tokens[j - 1], tokens[j]) && free(tokens[j])) {
      work++;
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
    names.push({ tipo: 'nome', start: tokens[i].start, end, trecho: text.slice(tokens[i].start, end) });
    i = j - 1;
  }
  return { names, details };
}

/**
 * Health and diagnosis details: personal when a named person is in the same sentence ("o Davi tem discalculia"),
 * a class-level need otherwise ("dois alunos com baixa visão").
 */
function healthSpans(text: string, names: readonly PersonalDataSpan[]): PersonalDataSpan[] {
  if (names.length === 0) return [];
  const spans: PersonalDataSpan[] = [];
  const sentence = /[^.;!?\n]{1,2000}/gu;
  let next = 0;
  let m: RegExpExecArray | null;
  while ((m = sentence.exec(text)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    work += m[0].length;
    while (next < names.length && names[next].start < start) next++;
    if (next >= names.length || names[next].start >= end) continue;
    HEALTH_DETAIL.lastIndex = 0;
    let h: RegExpExecArray | null;
    while ((h = HEALTH_DETAIL.exec(m[0])) !== null) {
      work++;
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
 * after aluno/aluna/estudante/criança/mãe/o/a..., or as the subject of a health phrase), CPF, RG, dates of birth,
 * phone numbers, e-mail and street addresses, CID codes and laudo or diagnosis details. Public figures, places and
 * institutions are kept. Linear in the text's length.
 */
export function findPersonalData(text: string, options: RedactionOptions = {}): PersonalDataSpan[] {
  if (!text) return [];
  const patterns = merge(patternSpans(text), text);
  const { names, details } = nameSpans(
    text,
    patterns.map((s) => [s.start, s.end] as [number, number]),
    options.kind === 'lesson',
  );
  return merge([...patterns, ...names, ...details, ...healthSpans(text, names)], text);
}

/** The text with its personal data replaced by placeholders ("[nome]", "[CPF]"...), and what was replaced. */
export function redactPersonalData(text: string, options: RedactionOptions = {}): Redaction {
  const found = findPersonalData(text, options);
  const parts: string[] = [];
  let at = 0;
  for (const span of found) {
    parts.push(text.slice(at, span.start), PERSONAL_DATA_PLACEHOLDERS[span.tipo]);
    at = span.end;
  }
  parts.push(text.slice(at));
  return { text: parts.join(''), found };
}

/** The kinds of personal data in a text, for a warning while the teacher types (empty: nothing found). */
export function personalDataKinds(text: string, options: RedactionOptions = {}): PersonalDataKind[] {
  return [...new Set(findPersonalData(text, options).map((s) => s.tipo))];
}

/**
 * The redactor's steps on a text (words, characters scanned, phrases tried, windows read): what the linear-time test
 * counts instead of timing.
 */
export function redactionWork(text: string, options: RedactionOptions = {}): number {
  work = 0;
  findPersonalData(text, options);
  return work;
}
