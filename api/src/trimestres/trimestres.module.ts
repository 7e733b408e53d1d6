import { Module } from '@nestjs/common';
import { CalendarioModule } from '../calendario/calendario.module';
import { HandinService } from './handin.service';
import { TrimestresController } from './trimestres.controller';

/** The class's periods (trimestres, bimestres or semestres) as the school runs them: their hand-in documents. */
@Module({ imports: [CalendarioModule], controllers: [TrimestresController], providers: [HandinService] })
export class TrimestresModule {}
