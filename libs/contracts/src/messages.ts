import { PERIODOS_POR_TIPO, periodoLabel, periodoOrdinais, periodoTipoPlural, type PeriodoTipo } from './periodos';

/** "2º trimestre": how every page, message and document names a trimestre (any kind: periodoLabel). */
export const trimestreLabel = (n: number) => periodoLabel(n, 'trimestre');

/** Portuguese texts shared by the web and the api: one definition of each rule's message. */
export const MSG = {
  emailInvalid: 'Email inválido',
  emailRequired: 'Email é obrigatório',
  passwordRequired: 'Senha é obrigatória',
  passwordMin: 'Senha deve ter pelo menos 6 caracteres',
  confirmPasswordMin: 'Confirmação de senha deve ter pelo menos 6 caracteres',
  passwordsDontMatch: 'Senhas não coincidem',
  resetPasswordMin: 'A senha deve ter pelo menos 6 caracteres',
  resetPasswordsDontMatch: 'As senhas não coincidem',
  nameTooLong: 'Nome muito longo (máx. 100 caracteres)',
  nameInvalid: 'Nome deve ser um texto',
  userFieldNotEditable: 'Só o nome e o sobrenome podem ser alterados aqui.',
  userUpdated: 'Dados atualizados com sucesso!',
  invalidCredentials: 'Credenciais inválidas',
  emailTaken: 'Este email já está cadastrado',
  registerFailed: 'Falha ao realizar cadastro',
  forgotPasswordSent:
    'Se o email estiver cadastrado, você receberá um link para redefinir sua senha.',
  resetTokenInvalid:
    'Token inválido ou expirado. Solicite um novo link de redefinição de senha.',
  resetTokenMissing: 'Token não encontrado na URL',
  resetSuccess: 'Senha redefinida com sucesso!',
  verifyEmailTokenInvalid: 'Link de confirmação inválido ou expirado. Peça um novo e-mail de confirmação.',
  verifyEmailSuccess: 'E-mail confirmado com sucesso!',
  verifyEmailSent: 'Enviamos um novo link de confirmação para o seu e-mail.',
  verifyEmailAlready: 'Seu e-mail já está confirmado.',
  turmasLimit: 'Limite de 200 turmas atingido.',
  turmaDuplicate: (numero: string, escola: string) => `Você já tem a turma ${numero} da escola ${escola}.`,
  nomeProfessorRequired: 'Nome do professor é obrigatório',
  numeroRequired: 'Número da turma é obrigatório',
  escolaRequired: 'Nome da escola é obrigatório',
  /** The class form's year left empty: ask to choose one, not the range. */
  anoRequired: 'Selecione o ano',
  etapaInvalid: 'Etapa inválida: use infantil, fundamental ou medio.',
  /** An ano that the stage does not have (anos: the stage's values in order). */
  anoForaDaEtapa: (ano: string, etapa: string, anos: readonly string[]) =>
    `O ano ${ano} não existe na etapa ${etapa} (use de ${anos[0]} a ${anos[anos.length - 1]}).`,
  materiaForaDaEtapa: (materia: string, etapa: string) => `A matéria ${materia} não é da etapa ${etapa}.`,
  estadoInvalid: 'Estado deve ser RS',
  instituicaoInvalid: 'Instituição deve ser SEDUC-RS 2025',
  textTooLong: (max: number) => `Texto muito longo (máx. ${max} caracteres)`,
  ratingRequired: 'Por favor, selecione uma avaliação de 1 a 5 estrelas.',
  ratingTitle: 'Avaliação necessária',
  commentTooLong: 'Comentário muito longo (máx. 500 caracteres)',
  temaRequired: 'Tema principal é obrigatório',
  turmaRequired: 'Turma é obrigatória',
  materiaGeralRequired: 'Matéria Geral é obrigatória',
  materiaRequired: 'Matéria é obrigatória',
  promptRequired: 'Descrição da aula é obrigatória',
  aulasMin: 'Pelo menos uma aula é obrigatória',
  aulasMax: 'Máximo 15 aulas por plano',
  aulasMaxToast: 'Máximo de 15 aulas por plano',
  aulasMaxToastTitle: 'Limite Atingido',
  aulasAllEmpty: 'Pelo menos uma aula deve ter uma descrição preenchida',
  aulasAllEmptyTitle: 'Erro de Validação',
  nivelInvalid: 'Nível de detalhamento deve ser de 1 a 5',
  materiaInvalid: 'Matéria inválida',
  statusInvalid: 'Status inválido',
  insufficientCredits: 'Você não possui créditos suficientes para gerar novos planos de aula.',
  emailToRequired: "Pelo menos um email válido é obrigatório no campo 'Para'",
  subjectRequired: 'Assunto é obrigatório',
  subjectTooLong: 'Assunto muito longo (máx. 200 caracteres)',
  subjectLineBreak: 'O assunto não pode ter quebras de linha',
  htmlRequired: 'Conteúdo HTML é obrigatório',
  htmlTooLong: 'Conteúdo HTML muito longo (máx. 100kb)',
  textBodyTooLong: 'Texto muito longo (máx. 50kb)',
  noRecipients: 'Nenhum destinatário válido fornecido',
  tooManyRecipients: 'Muitos destinatários. Máximo de 100 permitidos.',
  validationFailed: 'Dados inválidos',
  unauthorized: 'Não autenticado. Faça login para continuar.',
  forbidden: 'Acesso restrito a administradores.',
  queueDashboardReadOnly: 'O painel de filas só permite consultar e tentar de novo tarefas que falharam.',
  notFound: 'Recurso não encontrado',
  turmaNotFound: 'Turma não encontrada',
  planoNotFound: 'Plano não encontrado',
  planoGenerating: 'Este plano ainda está sendo gerado e não pode ser editado.',
  rateLimited: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  serviceUnavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  internalError: 'Erro interno do servidor. Tente novamente.',
  csrfRejected: 'Requisição de origem não permitida.',
  idempotencyKeyInvalid: 'Idempotency-Key inválida',
  cursorInvalid: 'Página da lista inválida. Recarregue a lista e tente novamente.',
  pageLimitInvalid: 'Tamanho de página inválido (de 1 a 100 planos).',
  statusFilterInvalid: 'Status inválido (use gerado, editado ou salvo).',
  /** A pinned code outside the class's year and the lesson's subject (doAno: anoPhrase(ano, etapa, 'de'); materia: its label). */
  /** `aHabilidade`: the stage's word with its article ("O objetivo" in infantil). */
  habilidadeForaDoEscopo: (code: string, doAno: string, materia: string, aHabilidade = 'A habilidade') => `${aHabilidade} ${code} não é ${doAno} de ${materia}.`,
  habilidadeCodeInvalid: 'Código de habilidade inválido (exemplo: EF05MA01).',
  habilidadesFixadasMax: 'Fixe no máximo 3 habilidades por aula.',
  /** A year and subject without BNCC skills (Inglês before the 6º ano; paraAno: anoPhrase(ano, etapa, 'para')): nothing is charged. */
  /** `habilidades`: the stage's word ("objetivos de aprendizagem" in infantil; etapaWords). */
  semHabilidadesBncc: (materia: string, paraAno: string, habilidades = 'habilidades') => `Não há ${habilidades} da BNCC de ${materia} ${paraAno}.`,
  aulaNotFound: 'Aula não encontrada neste plano',
  aulaRegenerating: 'Esta aula já está sendo gerada novamente. Aguarde terminar.',
  /** An all-failed plan was refunded: its lessons are not regenerated for free (that would be a free plan). */
  planoFailedNoRegeneration:
    'A geração deste plano falhou e o crédito foi devolvido: as aulas dele não podem ser geradas novamente. Gere um novo plano.',
  aulaEditWhileRegenerating: 'Esta aula está sendo gerada novamente: suas alterações nela não foram salvas.',
  /** A save whose lesson `versao` is not the stored one (regenerated, restored or saved since): nothing is saved. */
  aulaVersaoConflict: (numeroAula: number) =>
    `A Aula ${numeroAula} foi alterada depois que você começou a editar (gerada novamente, restaurada ou salva em outra aba). ` +
    'Nada foi salvo: confira o texto atual dela e salve de novo.',
  versaoNotFound: 'Versão não encontrada',
  instrucaoTooLong: 'Instrução muito longa (máx. 500 caracteres)',
  campoInvalid: 'Campo inválido',
  regenerationInsufficientCredits:
    'As 3 regenerações grátis desta aula já foram usadas e você não possui créditos para gerar novamente.',
  regenerationFailedKept: 'Não foi possível gerar esta aula novamente. O conteúdo anterior foi mantido e o crédito, devolvido.',
  trimestreInvalid: 'Escolha o trimestre: 1º, 2º ou 3º.',
  dataInvalida: 'Informe uma data válida (dd/mm/aaaa).',
  periodoInvertido: 'A data de início deve ser anterior ou igual à data de fim.',
  duracaoAulaInvalida: 'A duração da aula deve ser de 30 a 300 minutos.',
  regenerationFailedKeptFree: 'Não foi possível gerar esta aula novamente. O conteúdo anterior foi mantido.',
  /** 429: the user's regenerations queued or running at once (LIMITS.regenerationsInFlightMax). */
  regenerationsInFlight: 'Você já tem 3 aulas sendo geradas novamente. Aguarde uma terminar para pedir outra.',
  /** 429: the user's regenerations in the last hour (LIMITS.regenerationsPerHour). */
  regenerationsPerHour: 'Você já pediu 30 novas gerações de aula na última hora. Tente novamente mais tarde.',
  /** 429: the user's plans and assessments queued or running at once (LIMITS.generationsInFlightMax). */
  generationsInFlight: 'Você já tem 3 planos ou avaliações sendo gerados. Aguarde um terminar para pedir outro.',
  /** 429: plans and assessments asked for in the last minute (LIMITS.generationsPerMinute). */
  generationsPerMinute: 'Você pediu 10 planos ou avaliações no último minuto. Aguarde um minuto e tente novamente.',
  /** 429: plans and assessments asked for in the last hour (LIMITS.generationsPerHour). */
  generationsPerHour: 'Você já pediu 60 planos ou avaliações na última hora. Tente novamente mais tarde.',
  /** 429: 3 plans or assessments failed wholly in the last hour (LIMITS.generationsFailedPerHour); credits went back. */
  generationsFailed:
    'Três gerações suas falharam por completo na última hora (os créditos foram devolvidos). Aguarde até uma hora para gerar de novo.',
  /** A lesson's text field (or a question's, a rubric's, a strategy's) past 20,000 characters or 300 lines: nothing is saved. */
  lessonFieldTooLong: (campo: string) => `${campo}: o texto pode ter no máximo 20.000 caracteres e 300 linhas. Encurte-o e salve de novo.`,
  /** A restore whose version has a field past the caps (kept from before them): nothing changes. */
  versaoTooLong: (campo: string) => `Esta versão não pode ser restaurada: ${campo} passa de 20.000 caracteres ou 300 linhas.`,
  /** A generated, regenerated or adapted text that would pass the caps: it is not stored. */
  generatedTooLong: (campo: string) =>
    `O texto gerado para ${campo} passaria de 20.000 caracteres ou 300 linhas e não foi guardado. Encurte o texto atual e tente de novo.`,
  /** A first name with a link, an e-mail address or a run of digits. */
  firstNameInvalid: 'O nome não pode ter links, endereços de e-mail nem sequências de números.',
  temaPrincipalLength: 'O título do plano deve ter de 3 a 120 caracteres.',
  tituloAulaLength: 'O título da aula deve ter de 3 a 80 caracteres.',
  verificacaoQuestoesCount: 'A verificação da aprendizagem deve ter de 3 a 5 questões.',
  questaoTipoInvalid: 'Tipo de questão inválido (use múltipla escolha ou aberta).',
  questaoEnunciadoRequired: 'O enunciado da questão é obrigatório.',
  questaoRespostaRequired: 'A resposta esperada da questão aberta é obrigatória.',
  questaoAlternativas: 'Uma questão de múltipla escolha tem 4 alternativas.',
  /** n: the question's number in the lesson (1..5). */
  questaoAlternativasDistintas: (n: number) => `Questão ${n}: escreva 4 alternativas diferentes, nenhuma vazia.`,
  questaoCorreta: 'Indique a alternativa correta (A, B, C ou D).',
  questaoHabilidadeInvalid: 'Código de habilidade da questão inválido (exemplo: EF05MA01).',
  /** A question citing a skill the lesson does not cite. */
  questaoHabilidadeForaDaAula: (numeroAula: number, n: number) =>
    `Aula ${numeroAula}, questão ${n}: a habilidade da questão deve ser uma das habilidades da aula.`,
  /** Educação Infantil checks learning by points to observe: no multiple choice. */
  pontoDeObservacaoAberto: (numeroAula: number, n: number) =>
    `Aula ${numeroAula}, ponto de observação ${n}: na Educação Infantil cada ponto é aberto (o que observar), sem alternativas.`,
  /** Offline (no AI configured): a regeneration's wish is kept as a note for the teacher, nothing is charged. */
  calendarioAnoInvalido: 'Ano do calendário inválido.',
  calendarioTrimestresTres: 'Informe os 3 trimestres, em ordem (1º, 2º e 3º).',
  calendarioForaDoAno: (n: number, ano: number, tipo: PeriodoTipo = 'trimestre') => `O ${periodoLabel(n, tipo)} deve começar e terminar em ${ano}.`,
  calendarioInicioDepoisDoFim: (n: number, tipo: PeriodoTipo = 'trimestre') => `O ${periodoLabel(n, tipo)} termina antes de começar.`,
  calendarioSobreposto: (a: number, b: number, tipo: PeriodoTipo = 'trimestre') => `O ${periodoLabel(b, tipo)} deve começar depois do fim do ${a}º.`,
  /** PUT /api/calendario with `{ ano, tipo, periodos }`: the kind's count of periods, in order. */
  calendarioPeriodosContagem: (tipo: PeriodoTipo) =>
    `Informe os ${PERIODOS_POR_TIPO[tipo]} ${periodoTipoPlural(tipo)}, em ordem (${periodoOrdinais(tipo)}).`,
  calendarioTipoInvalido: 'Tipo de calendário inválido: use trimestre, bimestre ou semestre.',
  /** A period number outside 1..4 (the generate request, PUT of a plan, an assessment, the hand-in route). */
  periodoInvalid: 'Período inválido: use de 1 a 4.',
  anoLetivoInvalido: 'Ano letivo inválido.',
  /** `trimestre` sent while that year's calendar is split into bimestres or semestres. */
  trimestreForaDoCalendario: (tipo: PeriodoTipo, ano: number) =>
    `Seu calendário de ${ano} é dividido em ${periodoTipoPlural(tipo)}, não em trimestres: escolha o ${tipo} (campo periodo).`,
  /** `trimestre` and `periodo` sent together with different numbers. */
  periodoTrimestreDivergem: 'O período e o trimestre informados são diferentes: envie só um deles, ou os dois iguais.',
  /** A period number above the count of that year's kind (a 4th trimestre, a 3rd semestre). */
  periodoAcimaDoTipo: (n: number, tipo: PeriodoTipo, ano: number) =>
    `O calendário de ${ano} tem ${PERIODOS_POR_TIPO[tipo]} ${periodoTipoPlural(tipo)}: não há ${periodoLabel(n, tipo)}.`,
  /** GET .../trimestres/{n}/export while that year's calendar has another kind (404). */
  handinOutroTipo: (tipo: PeriodoTipo, ano: number) =>
    `Seu calendário de ${ano} é dividido em ${periodoTipoPlural(tipo)}, não em trimestres: baixe a entrega do ${tipo} (/periodos/{n}/export).`,
  /** Assessment by skill (issue 26). */
  avaliacaoNotFound: 'Avaliação não encontrada',
  avaliacaoGenerating: 'Esta avaliação ainda está sendo escrita e não pode ser editada.',
  avaliacaoTrimestreInvalid: 'Trimestre inválido (use 1, 2 ou 3).',
  avaliacaoQuestoesPorHabilidade: 'Questões por habilidade: de 1 a 3.',
  avaliacaoSemHabilidades: (periodo: number, materia: string, tipo: PeriodoTipo = 'trimestre') =>
    `Nenhuma habilidade de ${materia} foi coberta pelos planos desta turma no ${periodoLabel(periodo, tipo)}. Escolha as habilidades a avaliar.`,
  avaliacaoHabilidadesVazias: 'Escolha pelo menos uma habilidade para avaliar.',
  avaliacaoHabilidadesMax: 'Escolha no máximo 30 habilidades por avaliação.',
  avaliacaoHabilidadeRepetida: (code: string) => `A habilidade ${code} aparece mais de uma vez.`,
  avaliacaoHabilidadeForaDaAvaliacao: (code: string) => `A habilidade ${code} não faz parte desta avaliação.`,
  avaliacaoQuestoesCount: (code: string) => `Habilidade ${code}: escreva de 1 a 3 questões.`,
  avaliacaoQuestaoProblema: (code: string, problem: string) => `Habilidade ${code}: ${problem}`,
  avaliacaoRubricaNiveis: (code: string) =>
    `Habilidade ${code}: a rubrica tem os 4 níveis, em ordem (não desenvolveu, em desenvolvimento, desenvolveu, desenvolveu plenamente), cada um com seu descritor.`,
  /** Results by skill and deleting an assessment (decisions.md, "Results by skill, counts only, never names"). */
  avaliacaoNaoConcluida: 'Esta avaliação ainda não foi concluída: registre os resultados depois que ela estiver pronta.',
  avaliacaoExcluirEmAndamento: 'Esta avaliação ainda está sendo escrita e não pode ser excluída agora. Aguarde ela terminar.',
  avaliacaoResultadosVazios: 'Informe os resultados de pelo menos uma habilidade.',
  avaliacaoResultadoNiveisAusentes: 'Informe, em cada habilidade, quantos estudantes ficaram em cada um dos 4 níveis.',
  avaliacaoResultadoNivelInvalido: (code: string, nivel: string) =>
    `Habilidade ${code}: o número de estudantes em "${nivel}" deve ser um inteiro de 0 a 200.`,
  regenerationOfflineNote:
    'Sem uma IA configurada, a aula foi reescrita a partir do currículo e o seu pedido ficou registrado como nota para você; nada foi cobrado.',
  /** GET .../versoes?limite= outside 1..50, and ?antes= that is no version number. */
  versoesLimiteInvalid: 'Quantidade de versões inválida (de 1 a 50).',
  /** 429: one export in flight per user. */
  exportInFlight: 'Você já tem uma exportação em andamento. Aguarde ela terminar e tente novamente.',
  /** The trimestre hand-in (GET /api/turmas/{id}/trimestres/{n}/export). */
  handinFormatoInvalido: 'Formato inválido: use docx ou pdf.',
  handinPdfIndisponivel: 'O PDF não está disponível neste servidor (o LibreOffice não está instalado no worker). Baixe o .docx.',
  handinSemPlanos: (periodo: number, tipo: PeriodoTipo = 'trimestre') => `Esta turma ainda não tem planos concluídos no ${periodoLabel(periodo, tipo)}.`,
  handinFalhou: 'Falha ao montar os documentos do período. Tente novamente.',
  /** 422: the document's render passed its memory cap or its time limit (the export alone fails, never the worker). */
  exportGrandeDemais:
    'Este documento ficou grande demais para exportar (passou do limite de memória ou de tempo). Encurte os textos das aulas ou, numa entrega do período, entregue por matéria (?materia=).',
  /** A hand-in of more than LIMITS.handinPlanosMax plans: hand it in by subject. */
  handinPlanosMax: (total: number, tipo: PeriodoTipo = 'trimestre') =>
    `Este ${tipo} tem ${total} planos, e uma entrega reúne no máximo 40. Entregue por matéria (?materia=, por exemplo ?materia=matematica).`,
  versoesAntesInvalid: 'Versão de referência inválida: informe o número de uma versão.',
  /** Inclusion (DUA): a barreira outside the closed list is named. */
  barreiraInvalid: (tag: string) =>
    `Barreira desconhecida: "${tag}". Use uma destas: leitura, escrita, atencao, comunicacao-oral, visao, audicao-libras, mobilidade, altas-habilidades.`,
  barreirasInvalid: 'Barreiras: envie uma lista de barreiras (por exemplo ["leitura", "atencao"]).',
  barreiraRequired: 'Escolha a barreira para a qual adaptar a atividade.',
  barreirasRepetidas: 'Cada barreira pode ser marcada uma vez só.',
  duaPrincipioVazio: (principio: string) => `Acessibilidade (DUA): escreva pelo menos uma estratégia em ${principio}.`,
  duaEstrategiaLength: (principio: string) => `Acessibilidade (DUA): cada estratégia de ${principio} tem de 1 a 500 caracteres.`,
  duaEstrategiasMax: (principio: string) => `Acessibilidade (DUA): no máximo 12 estratégias em ${principio}.`,
  duaSemBarreiras: 'Esta turma não tem barreiras marcadas: marque-as no cadastro da turma para gerar a acessibilidade (DUA).',
} as const;

/**
 * A check-of-learning message in infantil's words (decisions.md, "Every stage in its own words"): the schema's
 * messages speak of questions; an infantil teacher edits points to observe. Any other message is kept.
 */
export function asObservacaoMessage(message: string): string {
  const fixed: Record<string, string> = {
    [MSG.verificacaoQuestoesCount]: 'Os pontos de observação devem ser de 3 a 5.',
    [MSG.questaoEnunciadoRequired]: 'Escreva o ponto de observação.',
    [MSG.questaoRespostaRequired]: 'Escreva o que procurar em cada ponto de observação.',
    [MSG.questaoHabilidadeInvalid]: 'Código do objetivo do ponto de observação inválido (exemplo: EI03EO01).',
  };
  if (fixed[message]) return fixed[message];
  const outside = /^Aula (\d+), questão (\d+): a habilidade da questão deve ser uma das habilidades da aula\.$/.exec(message);
  if (outside) return `Aula ${outside[1]}, ponto de observação ${outside[2]}: o objetivo do ponto deve ser um dos objetivos da aula.`;
  return message;
}
