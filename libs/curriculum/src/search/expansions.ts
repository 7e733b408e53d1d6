import { analyzeQuery } from '../text/portuguese-text';

/**
 * Classroom words -> the words the BNCC uses for the same thing. A teacher writes 'bingo', 'tabuada' or
 * 'roda de conversa'; the official texts say 'jogos', 'multiplicação', 'intercâmbio oral'. Triggers and additions are
 * written as plain Portuguese and analysed like any query, so accents and plurals do not matter.
 *
 * General vocabulary only: an entry written to answer a particular evaluation description has no place here
 * (24 such entries were removed on 2026-11-26; bench/README.md, "Curriculum search", lists them and why).
 */
const EXPANSIONS: ReadonlyArray<[trigger: string, additions: string]> = [
  // Matemática
  ['tabuada', 'multiplicação fatos básicos'],
  ['conta', 'cálculo operações'],
  ['de vezes', 'multiplicação'],
  ['repartir', 'divisão partes iguais'],
  ['dividir', 'divisão'],
  ['metade', 'frações parte todo'],
  ['pizza', 'frações parte todo'],
  ['fração', 'racionais fracionária'],
  ['decimal', 'racionais vírgula'],
  ['dinheiro', 'sistema monetário cédulas moedas'],
  ['batalha naval', 'coordenadas localização plano cartesiano'],
  ['tangram', 'figuras geométricas planas polígonos'],
  ['sólidos', 'figuras geométricas espaciais'],
  ['primeiro grau', 'equações 1º grau'],
  ['sorteio', 'probabilidade chance aleatório'],
  ['gráfico', 'dados tabelas pesquisa'],
  ['relógio', 'horas medidas tempo'],
  ['calendário', 'datas dias semanas meses'],
  ['bingo', 'jogos'],
  // Língua Portuguesa
  ['roda de conversa', 'intercâmbio oral conversação escuta fala turnos oralidade'],
  ['conversa', 'oralidade conversação'],
  ['debate', 'discussão argumentos polêmica oralidade'],
  ['redação', 'produção textos escrita'],
  ['ditado', 'escrita palavras ortografia'],
  ['gibi', 'histórias quadrinhos'],
  ['hq', 'histórias quadrinhos'],
  ['poesia', 'poemas textos versificados'],
  ['conto de fadas', 'contos narrativas literários'],
  ['fábula', 'narrativas literários'],
  ['lenda', 'contos populares narrativas'],
  ['caça-palavras', 'palavras escrita ortografia'],
  ['cruzadinha', 'palavras escrita ortografia'],
  // Ciências
  ['experiência', 'investigar experimentar'],
  ['higiene', 'saúde hábitos'],
  ['lixo', 'resíduos descarte reciclagem'],
  ['reciclagem', 'resíduos descarte reutilização'],
  ['chuva', 'ciclo hidrológico água'],
  ['dinossauro', 'fósseis evolução'],
  ['corpo humano', 'sistemas órgãos'],
  // História e Geografia
  ['grécia', 'gregos antiguidade clássica'],
  ['roma', 'romanos antiguidade clássica'],
  ['mesopotâmia', 'mesopotâmicos antiguidade'],
  ['índios', 'indígenas povos originários'],
  ['bairro', 'lugar vivência comunidade'],
  ['mapa', 'representação cartográfica localização'],
  ['maquete', 'representação modelos tridimensionais'],
  // Arte e Música
  ['pintura', 'artes visuais expressão cor'],
  ['desenho', 'artes visuais expressão'],
  ['massinha', 'modelagem'],
  ['argila', 'modelagem escultura'],
  ['fantoche', 'teatro personagens encenar'],
  ['sucata', 'materiais objetos cotidianos não convencionais'],
  ['percussão', 'sons corporais ritmo'],
  ['palmas', 'sons corporais ritmo'],
  ['cantar', 'canções voz canto'],
  ['cantiga', 'canções música'],
  ['samba', 'gêneros estilos musicais música brasileira'],
  ['forró', 'gêneros estilos musicais música brasileira'],
  ['frevo', 'gêneros estilos musicais música brasileira danças'],
  ['maracatu', 'gêneros estilos musicais música brasileira danças'],
  // Educação Física
  ['brincadeiras de rua', 'brincadeiras jogos populares'],
  ['capoeira', 'lutas brasil matriz africana'],
  ['judô', 'lutas mundo'],
  ['karatê', 'lutas mundo'],
  ['futebol', 'esportes invasão'],
  ['vôlei', 'esportes rede parede'],
  ['basquete', 'esportes invasão'],
  ['handebol', 'esportes invasão'],
  ['skate', 'práticas corporais aventura urbanas'],
  ['cambalhota', 'ginástica acrobacias rolamentos'],
  // Ensino Religioso
  ['natal', 'festividades celebrações tradições religiosas'],
  ['páscoa', 'festividades celebrações tradições religiosas'],
  ['festas religiosas', 'práticas celebrativas festividades'],
];

export interface Expansion {
  trigger: string[];
  additions: string[];
}

export const COMPILED_EXPANSIONS: readonly Expansion[] = EXPANSIONS.map(([trigger, additions]) => ({
  trigger: analyzeQuery(trigger),
  additions: [...new Set(analyzeQuery(additions))],
})).filter((e) => e.trigger.length > 0 && e.additions.length > 0);

/** The additions of every expansion whose trigger words appear in order, side by side, in the query stems. */
export function expansionsFor(stems: readonly string[], expansions: readonly Expansion[] = COMPILED_EXPANSIONS): string[][] {
  return matchExpansions(stems, expansions).map((m) => m.additions);
}

/** The expansions found in the query, each with the stems of its trigger when the trigger is a phrase. */
export function matchExpansions(stems: readonly string[], expansions: readonly Expansion[] = COMPILED_EXPANSIONS): { additions: string[]; phrase: string[] }[] {
  const found: { additions: string[]; phrase: string[] }[] = [];
  for (const e of expansions) {
    for (let i = 0; i + e.trigger.length <= stems.length; i++) {
      if (e.trigger.every((t, j) => stems[i + j] === t)) {
        found.push({ additions: e.additions, phrase: e.trigger.length > 1 ? e.trigger : [] });
        break;
      }
    }
  }
  return found;
}
