import { Module } from '@nestjs/common';
import { HandinService } from './handin.service';
import { TrimestresController } from './trimestres.controller';

/** The class's trimestre as the school runs it: its hand-in documents. */
@Module({ controllers: [TrimestresController], providers: [HandinService] })
export class TrimestresModule {}
