import { Module } from '@nestjs/common';
import { MatrizModule } from '../matriz/matriz.module';
import { CoberturaService } from './cobertura.service';
import { TurmasController } from './turmas.controller';
import { TurmasService } from './turmas.service';

@Module({ imports: [MatrizModule], controllers: [TurmasController], providers: [TurmasService, CoberturaService], exports: [TurmasService] })
export class TurmasModule {}
