import { Module } from '@nestjs/common';
import { ExportService } from './export.service';
import { PlanosController } from './planos.controller';
import { PlanosService } from './planos.service';

@Module({ controllers: [PlanosController], providers: [PlanosService, ExportService] })
export class PlanosModule {}
