import { Module } from '@nestjs/common';
import { CalendarioModule } from '../calendario/calendario.module';
import { MatrizModule } from '../matriz/matriz.module';
import { SkillScope } from '../planos/skill-scope';
import { AvaliacoesExportService } from './avaliacoes-export.service';
import { AvaliacoesController } from './avaliacoes.controller';
import { AvaliacoesService } from './avaliacoes.service';

@Module({ imports: [MatrizModule, CalendarioModule], controllers: [AvaliacoesController], providers: [AvaliacoesService, AvaliacoesExportService, SkillScope] })
export class AvaliacoesModule {}
