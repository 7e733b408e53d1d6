import type { QuestaoBanco } from '@planejador/contracts';
import type { SkillClassroomText } from '../types';

/**
 * A small question bank for the tests (never the shipped files, which grow as the bank is written): EF05MA03 with 5
 * items, EF05MA04 with 3, EF05MA05 with 2 (below the shipped bank's 3 per skill), and an infantil objective's points.
 */
const multipla = (enunciado: string, alternativas: [string, string, string, string], correta: 0 | 1 | 2 | 3): QuestaoBanco => ({ tipo: 'multipla', enunciado, alternativas, correta });
const aberta = (enunciado: string, respostaEsperada: string): QuestaoBanco => ({ tipo: 'aberta', enunciado, respostaEsperada });

export const BANK: Record<string, QuestaoBanco[]> = {
  EF05MA03: [
    multipla('Três pizzas iguais foram divididas entre 4 amigos. Quanto cada um recebe?', ['4/3 de pizza', '1/4 de pizza', '3/4 de pizza', '1/3 de pizza'], 2),
    multipla('Qual destas frações é maior que 1 inteiro?', ['3/5', '5/5', '1/2', '7/4'], 3),
    aberta('Marque 5/4 na reta numérica. Ele fica antes ou depois do 1?', 'Depois do 1: 5/4 é um inteiro mais 1/4.'),
    multipla('Uma barra foi dividida em 8 partes iguais e Ana comeu 3. Que fração ela comeu?', ['3/8', '8/3', '3/5', '5/8'], 0),
    aberta('Divida 7 folhas entre 2 colegas em partes iguais. Quanto fica para cada um?', '7/2 de folha, isto é, 3 folhas e meia.'),
  ],
  EF05MA04: [
    multipla('Qual fração vale o mesmo que 1/2?', ['2/4', '1/3', '2/3', '3/4'], 0),
    aberta('Pinte 2/6 de uma tira e 1/3 de outra igual. O que você percebe?', 'As partes pintadas são do mesmo tamanho: 2/6 = 1/3.'),
    multipla('Qual par de frações é equivalente?', ['1/2 e 2/3', '3/4 e 6/8', '1/4 e 2/4', '2/5 e 5/2'], 1),
  ],
  EF05MA05: [
    multipla('Qual número é maior: 0,5 ou 2/5?', ['0,5', '2/5', 'São iguais', 'Não dá para comparar'], 0),
    aberta('Ponha em ordem crescente: 1/2; 0,3; 3/4.', '0,3; 1/2; 3/4.'),
  ],
  EI01CG02: [
    aberta('Como o bebê se move entre as almofadas e os túneis do circuito?', 'Se engatinha, rola ou se apoia para passar, e se tenta outro caminho quando um está difícil.'),
    aberta('Como o bebê reage quando chega ao fim do túnel?', 'Olhares, sorrisos ou balbucios dirigidos ao adulto ou às outras crianças.'),
    multipla('Uma pergunta de múltipla escolha que um ponto de observação nunca é', ['a', 'b', 'c', 'd'], 0),
    aberta('Como o bebê explora os materiais macios e firmes do circuito?', 'Se toca, aperta, empurra ou sobe nos materiais, com o corpo todo.'),
    aberta('Como o bebê busca o adulto durante o circuito?', 'Se procura o olhar do adulto, estende os braços ou volta para perto dele.'),
  ],
};

/** The classroom material of the given codes with their fixture bank items (no examples, no words). */
export function bankClassroom(codes: readonly string[] = Object.keys(BANK)): Record<string, SkillClassroomText> {
  return Object.fromEntries(codes.map((code) => [code, { exemplos: [], termos: [], questoes: BANK[code] ?? [] }]));
}
