import { Module } from '@nestjs/common';
import { CalendarioModule } from '../calendario/calendario.module';
import { MatrizModule } from '../matriz/matriz.module';
import { AulasService } from './aulas.service';
import { GeracaoController } from './geracao.controller';
import { SkillScope } from './skill-scope';
import { ExportService } from './export.service';
import { PlanosController } from './planos.controller';
import { PlanosService } from './planos.service';

@Module({
  imports: [MatrizModule, CalendarioModule],
  controllers: [PlanosController, GeracaoController],
  providers: [PlanosService, ExportService, AulasService, SkillScope],
})
export class PlanosModule {}
