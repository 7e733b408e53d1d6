import type { Barreira, DuaPrincipio } from '@planejador/contracts';

/**
 * Planejador's DUA reference (Desenho Universal para a Aprendizagem), shipped as data: for each barreira of a class
 * and each principle, concrete classroom strategies a teacher can use, each tagged with the kinds of activity it
 * suits best (ACTIVITY_TAGS). A strategy with no tags suits any lesson and comes first, so it is the choice when
 * nothing in the lesson's activity points to another. `{tema}` is replaced by the lesson's title.
 *
 * Written for teachers, in the vocabulary of the Brazilian inclusive-education guidance (DUA/UDL's three
 * principles: multiple means of representation, of action and expression, and of engagement). Strategies describe
 * what the class needs, never a student, and ask for no diagnosis. Reviewed by reading every line against these
 * rules: concrete (a teacher knows what to do tomorrow), feasible in a public school classroom, respectful (no
 * "facilitated" content, the same learning goal for all), and tied to one principle.
 */
export interface DuaStrategy {
  /** Activity kinds (keys of ACTIVITY_TAGS) the strategy fits; empty: any lesson. */
  tags: readonly ActivityTag[];
  texto: string;
}

/** Kinds of activity, each recognised by the word stems (accents folded) that name it in a lesson's text. */
export const ACTIVITY_TAGS = {
  texto: ['text', 'leitur', 'ler', 'leia', 'lend', 'histori', 'conto', 'poema', 'poesi', 'livro', 'notic', 'fabula', 'parlend', 'cantig', 'bilhet', 'receit', 'carta', 'enunciad'],
  escrita: ['escrev', 'escrit', 'produca', 'produz', 'redac', 'registr', 'copi', 'anot', 'ortograf', 'frase', 'palavr'],
  calculo: ['numer', 'calcul', 'contar', 'contag', 'contas', 'soma', 'adica', 'subtra', 'multiplic', 'divis', 'fraca', 'problema', 'operac', 'medid', 'medir', 'geometr', 'figur', 'tabuad', 'quantidad', 'dinheir'],
  experimento: ['experim', 'observ', 'investig', 'hipotes', 'material', 'misturar', 'plant', 'semente', 'agua', 'laborator', 'model', 'maquet', 'construi'],
  oral: ['convers', 'roda', 'debat', 'apresent', 'explic', 'entrevist', 'oral', 'fala', 'discuss', 'dramatiz', 'teatr', 'cantar'],
  grupo: ['grupo', 'dupla', 'equipe', 'colaborat', 'coletiv', 'trio'],
  desenho: ['desenh', 'mapa', 'imagem', 'imagens', 'grafic', 'tabela', 'cartaz', 'ilustr', 'foto', 'esquema', 'pintur', 'arte'],
  movimento: ['patio', 'quadra', 'corpo', 'corpor', 'danc', 'brincadeir', 'corrid', 'passeio', 'saida', 'circuito', 'esport', 'movimento'],
  jogo: ['jogo', 'jogar', 'brinc', 'desafio', 'gincan', 'quiz', 'bingo', 'domino', 'competi'],
  video: ['video', 'filme', 'audiovisual', 'documentari', 'animac'],
} as const;
export type ActivityTag = keyof typeof ACTIVITY_TAGS;

type Table = Record<Barreira, Record<DuaPrincipio, readonly DuaStrategy[]>>;

export const DUA_TABLE: Table = {
  leitura: {
    representacao: [
      { tags: [], texto: 'Ler em voz alta as instruções e os enunciados de {tema}, acompanhando o texto com o dedo ou o cursor.' },
      { tags: ['texto'], texto: 'Oferecer o texto de {tema} em versão com frases curtas, letra maior e as palavras-chave destacadas, além do original.' },
      { tags: ['calculo'], texto: 'Apresentar os problemas de {tema} com desenho ou material concreto ao lado do enunciado, lido em voz alta.' },
      { tags: ['experimento', 'desenho'], texto: 'Mostrar cada etapa de {tema} com imagens numeradas, além das instruções escritas.' },
      { tags: ['video'], texto: 'Usar o vídeo de {tema} com pausas para retomar em voz alta o que foi mostrado.' },
    ],
    acaoExpressao: [
      { tags: [], texto: 'Aceitar respostas orais, por desenho ou por escolha entre imagens na atividade de {tema}, além da resposta escrita.' },
      { tags: ['texto', 'escrita'], texto: 'Permitir que o estudante responda sobre {tema} ditando a um colega ou ao professor, que faz o registro.' },
      { tags: ['grupo'], texto: 'Organizar duplas em {tema} em que a leitura das instruções é dividida e cada um explica a sua parte ao outro.' },
    ],
    engajamento: [
      { tags: [], texto: 'Começar {tema} com uma pergunta ou uma imagem do cotidiano da turma, antes de qualquer texto.' },
      { tags: ['texto'], texto: 'Combinar metas de leitura curtas em {tema}, com retorno logo após cada trecho lido.' },
      { tags: ['jogo', 'grupo'], texto: 'Propor em {tema} jogos de palavras e desafios em dupla, valorizando cada tentativa de leitura.' },
    ],
  },
  escrita: {
    representacao: [
      { tags: [], texto: 'Mostrar no quadro um modelo do registro esperado em {tema}, por exemplo uma resposta pronta comentada.' },
      { tags: ['texto', 'escrita'], texto: 'Deixar à vista um banco de palavras de {tema} para consulta durante a escrita.' },
      { tags: ['calculo'], texto: 'Entregar uma tabela ou um esquema já traçado para o registro das contas de {tema}.' },
    ],
    acaoExpressao: [
      { tags: [], texto: 'Aceitar registros de {tema} por desenho, esquema, fotografia, gravação de áudio ou escrita no computador.' },
      { tags: ['texto', 'escrita'], texto: 'Oferecer frases para completar e organizadores gráficos para a produção escrita de {tema}.' },
      { tags: ['calculo'], texto: 'Permitir fichas numéricas, material dourado ou malha quadriculada para registrar {tema} sem copiar do quadro.' },
      { tags: ['experimento'], texto: 'Usar em {tema} uma ficha de observação com espaços para marcar ou desenhar, em vez de escrever tudo.' },
    ],
    engajamento: [
      { tags: [], texto: 'Dividir a tarefa escrita de {tema} em partes curtas, com retorno do professor a cada parte.' },
      { tags: ['grupo', 'texto'], texto: 'Fazer a escrita de {tema} em dupla, com papéis que se alternam: quem dita, quem escreve, quem revisa.' },
    ],
  },
  atencao: {
    representacao: [
      { tags: [], texto: 'Deixar no quadro o roteiro de {tema} com as etapas numeradas e marcar cada uma ao concluir.' },
      { tags: ['texto'], texto: 'Apresentar o texto de {tema} em partes curtas, uma de cada vez, com a ideia principal destacada.' },
      { tags: ['experimento', 'desenho'], texto: 'Fazer uma demonstração curta do que fazer em {tema} antes de os estudantes começarem.' },
    ],
    acaoExpressao: [
      { tags: [], texto: 'Dar uma instrução por vez em {tema} e combinar um sinal para mostrar que terminou ou que precisa de ajuda.' },
      { tags: ['grupo'], texto: 'Atribuir papéis concretos nos grupos de {tema}: quem busca o material, quem marca o tempo, quem registra.' },
      { tags: ['calculo'], texto: 'Entregar os problemas de {tema} poucos de cada vez, em fichas separadas, em vez de uma lista longa.' },
    ],
    engajamento: [
      { tags: [], texto: 'Alternar em {tema} momentos de ouvir e de fazer, com pausas curtas de movimento entre as etapas.' },
      { tags: ['jogo', 'movimento'], texto: 'Transformar parte de {tema} em jogo ou desafio com tempo marcado e retorno imediato.' },
      { tags: ['experimento'], texto: 'Deixar os estudantes manusearem os materiais de {tema}, com uma tarefa clara para cada momento.' },
    ],
  },
  'comunicacao-oral': {
    representacao: [
      { tags: [], texto: 'Apoiar as explicações de {tema} com imagens, gestos e palavras-chave escritas no quadro.' },
      { tags: ['oral'], texto: 'Antecipar por escrito ou em imagens as perguntas da conversa sobre {tema}, para todos se prepararem.' },
    ],
    acaoExpressao: [
      { tags: [], texto: 'Aceitar participação em {tema} por apontamento, cartões de resposta, desenho ou escrita, além da fala.' },
      { tags: ['oral'], texto: 'Na conversa sobre {tema}, oferecer cartões com respostas possíveis e dar tempo extra para responder.' },
      { tags: ['grupo'], texto: 'Permitir que cada integrante apresente sua parte de {tema} com um cartaz ou por escrito.' },
    ],
    engajamento: [
      { tags: [], texto: 'Combinar com a turma que em {tema} há várias formas de participar, e valorizar cada uma delas.' },
      { tags: ['oral', 'grupo'], texto: 'Começar a participação em {tema} em dupla ou pequeno grupo, antes de falar para toda a turma.' },
    ],
  },
  visao: {
    representacao: [
      { tags: [], texto: 'Descrever em voz alta tudo o que for mostrado em {tema}: o quadro, as imagens e as demonstrações.' },
      { tags: ['texto'], texto: 'Oferecer o texto de {tema} ampliado e com bom contraste, ou em arquivo digital para leitor de tela.' },
      { tags: ['desenho', 'calculo'], texto: 'Produzir versões táteis (em relevo, com barbante ou cola) das figuras, gráficos ou mapas de {tema}.' },
      { tags: ['experimento'], texto: 'Deixar explorar pelo tato os materiais de {tema}, descrevendo cada etapa em voz alta.' },
    ],
    acaoExpressao: [
      { tags: [], texto: 'Aceitar respostas orais ou gravadas sobre {tema} e permitir letra ampliada, Braille ou computador.' },
      { tags: ['calculo'], texto: 'Oferecer material concreto (soroban, material dourado, sólidos geométricos) para resolver {tema}.' },
    ],
    engajamento: [
      { tags: [], texto: 'Reservar em {tema} lugares com boa iluminação e perto do que é mostrado, perguntando à turma o que ajuda.' },
      { tags: ['grupo'], texto: 'Formar duplas em {tema} em que um descreve o que vê e os dois decidem juntos.' },
    ],
  },
  'audicao-libras': {
    representacao: [
      { tags: [], texto: 'Apresentar cada etapa de {tema} também por imagem, demonstração ou roteiro escrito no quadro.' },
      { tags: ['video'], texto: 'Usar vídeos de {tema} com legenda e, quando houver, janela de Libras.' },
      { tags: ['texto', 'oral'], texto: 'Combinar sinais em Libras para as palavras-chave de {tema} e deixá-los num cartaz com imagem e palavra escrita.' },
    ],
    acaoExpressao: [
      { tags: [], texto: 'Aceitar respostas sobre {tema} em Libras, por desenho, por dramatização ou por escrita.' },
      { tags: ['oral', 'grupo'], texto: 'Nas discussões de {tema}, garantir que uma pessoa fale por vez, de frente para a turma, e registrar as ideias no quadro.' },
    ],
    engajamento: [
      { tags: [], texto: 'Organizar a turma em meia-lua durante {tema}, para que todos se vejam e vejam o professor.' },
      { tags: ['grupo', 'jogo'], texto: 'Propor em {tema} atividades em que gestos, sinais e imagens fazem parte do jogo para toda a turma.' },
    ],
  },
  mobilidade: {
    representacao: [
      { tags: [], texto: 'Deixar materiais, imagens e exemplos de {tema} na altura e ao alcance de todos os estudantes.' },
      { tags: ['movimento'], texto: 'Conferir antes o percurso de {tema} (pátio, quadra, saída) e escolher caminhos acessíveis.' },
    ],
    acaoExpressao: [
      { tags: [], texto: 'Oferecer em {tema} formas de participar que não dependam de deslocamento ou de movimentos finos: apontar, indicar, usar o computador.' },
      { tags: ['movimento', 'jogo'], texto: 'Adaptar as regras de {tema} para que todos participem, sentados ou em outro papel ativo: juiz, marcador, estrategista.' },
      { tags: ['experimento', 'desenho'], texto: 'Usar na atividade de {tema} materiais maiores, fixados na mesa, ou lápis e pincéis com cabo engrossado.' },
    ],
    engajamento: [
      { tags: [], texto: 'Organizar a sala para {tema} com espaço livre de circulação e combinar com a turma como cada um contribui.' },
      { tags: ['grupo'], texto: 'Levar o grupo até quem tem dificuldade de se deslocar em {tema}, em vez de pedir que essa pessoa vá até o grupo.' },
    ],
  },
  'altas-habilidades': {
    representacao: [
      { tags: [], texto: 'Oferecer fontes extras sobre {tema} (textos, vídeos, dados) para aprofundar o assunto.' },
      { tags: ['calculo'], texto: 'Apresentar em {tema} problemas abertos, com mais de uma solução, além dos exercícios da turma.' },
    ],
    acaoExpressao: [
      { tags: [], texto: 'Propor a criação de um produto próprio sobre {tema}: uma pergunta de pesquisa, um modelo ou uma explicação para a turma.' },
      { tags: ['experimento'], texto: 'Desafiar a planejar uma variação da investigação de {tema} e prever o seu resultado.' },
    ],
    engajamento: [
      { tags: [], texto: 'Dar escolhas sobre como aprofundar {tema} e combinar metas de desafio.' },
      { tags: ['grupo'], texto: 'Oferecer papéis de investigação em {tema}, sem fazer de ninguém o monitor da turma o tempo todo.' },
    ],
  },
};

/**
 * What an adapted activity adds for each barreira (the offline adaptation and the AI's guide): short supports, one
 * sentence each, written for the classroom.
 */
export const ADAPTATION_SUPPORTS: Record<Barreira, readonly string[]> = {
  leitura: ['Leia cada instrução em voz alta antes de a turma começar.', 'Mostre uma imagem ou um exemplo em cada etapa.', 'Explique as palavras do glossário antes da atividade.'],
  escrita: ['Mostre um modelo pronto do registro.', 'Aceite registro por desenho, esquema ou áudio.', 'Deixe um banco de palavras à vista.'],
  atencao: ['Dê uma instrução por vez.', 'Marque no quadro a etapa em que a turma está.', 'Faça uma pausa curta de movimento entre as etapas.'],
  'comunicacao-oral': ['Ofereça cartões com respostas possíveis.', 'Aceite respostas por apontamento, desenho ou escrita.', 'Dê tempo extra para responder.'],
  visao: ['Descreva em voz alta tudo o que mostrar.', 'Ofereça material ampliado ou tátil.', 'Aceite respostas orais.'],
  'audicao-libras': [
    'Mostre cada etapa com imagem ou demonstração.',
    'Escreva no quadro o roteiro da aula.',
    'Combine sinais em Libras para as palavras-chave.',
    'Use vídeos com legenda e fale de frente para a turma.',
  ],
  mobilidade: ['Deixe os materiais ao alcance de todos.', 'Garanta espaço livre para circular.', 'Ofereça um papel ativo que não exija deslocamento.'],
  'altas-habilidades': ['Proponha um desafio extra de aprofundamento.', 'Peça que expliquem o raciocínio para a turma.', 'Ofereça fontes extras para pesquisa.'],
};

/** What an adaptation for each barreira asks of the text (the AI's instruction, and the offline rewrite's plan). */
export const ADAPTATION_GUIDE: Record<Barreira, string> = {
  leitura:
    'frases curtas (no máximo 12 palavras por frase nos anos 1 a 5), uma ação por frase, vocabulário simples e um glossário ao final com as palavras-chave da habilidade explicadas com exemplos',
  escrita: 'registros que não dependam só da escrita à mão (desenho, esquema, áudio, frases para completar) e um modelo do registro esperado',
  atencao: 'etapas curtas, uma instrução por vez, roteiro visível e pausas de movimento entre as etapas',
  'comunicacao-oral': 'formas de participar além da fala (cartões de resposta, apontamento, desenho, escrita) e tempo extra para responder',
  visao: 'descrição em voz alta do que é mostrado, material ampliado ou tátil e respostas orais aceitas',
  'audicao-libras': 'apoio visual em cada etapa (imagens, demonstração, roteiro escrito), sinais em Libras combinados para as palavras-chave e vídeos com legenda',
  mobilidade: 'materiais ao alcance de todos, espaço de circulação e papéis ativos que não exijam deslocamento',
  'altas-habilidades': 'desafios de aprofundamento, perguntas abertas e a criação de um produto próprio, com o mesmo objetivo da turma',
};
