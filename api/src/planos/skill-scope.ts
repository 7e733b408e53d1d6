import { BadRequestException, Injectable } from '@nestjs/common';
import { anoPhrase, DEFAULT_ETAPA, etapaWords, materiaLabel, MSG, type Etapa, type Materia } from '@planejador/contracts';
import { CurriculumService } from '@planejador/curriculum';

/** "A habilidade", or in infantil "O objetivo": the messages name a code in its stage's words. */
const aHabilidade = (etapa: Etapa) => {
  const words = etapaWords(etapa);
  return `${words.habilidadesArtigo === 'os' ? 'O' : 'A'} ${words.habilidade}`;
};

/** Checks skill codes against the class's year and the lesson's subject, and writes their official texts. */
@Injectable()
export class SkillScope {
  constructor(private readonly curriculum: CurriculumService) {}

  /** 400 naming the first code that is not of that year and subject (or when the pair has no BNCC skill). */
  async check(ano: string, materia: string, codes: readonly string[], etapa: Etapa = DEFAULT_ETAPA): Promise<void> {
    const valid = await this.curriculum.validCodes(ano, materia as Materia, etapa);
    if (valid.size === 0) throw new BadRequestException({ message: MSG.semHabilidadesBncc(materiaLabel(materia), anoPhrase(ano, etapa, 'para'), etapaWords(etapa).habilidadesMinusculas) });
    const outside = codes.find((code) => !valid.has(code));
    if (outside) throw new BadRequestException({ message: MSG.habilidadeForaDoEscopo(outside, anoPhrase(ano, etapa, 'de'), materiaLabel(materia), aHabilidade(etapa)) });
  }

  /** 400 when the year and subject have no BNCC skill (Inglês before the 6º ano): nothing is charged. */
  async requireSkills(ano: string, materia: string, etapa: Etapa = DEFAULT_ETAPA): Promise<void> {
    const valid = await this.curriculum.validCodes(ano, materia as Materia, etapa);
    if (valid.size === 0) throw new BadRequestException({ message: MSG.semHabilidadesBncc(materiaLabel(materia), anoPhrase(ano, etapa, 'para'), etapaWords(etapa).habilidadesMinusculas) });
  }

  /** "(EF05MA03) Identificar e representar frações..." per code, in the order given. */
  async officialText(codes: readonly string[]): Promise<string> {
    const records = await this.curriculum.findByCodes(codes);
    return records.map((r) => `(${r.code}) ${r.description.trim()}`).join('\n');
  }
}
