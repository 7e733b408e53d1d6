import { Module } from '@nestjs/common';
import { ExportProcessor } from './export.processor';
import { ExportService } from './export.service';

@Module({ providers: [ExportService, ExportProcessor] })
export class ExportModule {}
