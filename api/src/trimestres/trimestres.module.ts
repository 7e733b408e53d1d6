import { Module } from '@nestjs/common';
import { ExportSlots } from '../core/export-slots';
import { WorkerDocuments } from '../core/worker-documents';
import { HandinService } from './handin.service';
import { TrimestresController } from './trimestres.controller';

/** The class's trimestre as the school runs it: its hand-in documents. */
@Module({ controllers: [TrimestresController], providers: [HandinService, WorkerDocuments, ExportSlots] })
export class TrimestresModule {}
