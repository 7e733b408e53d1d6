import { Module } from '@nestjs/common';
import { AssessmentExportService } from '../assessment/assessment-export.service';
import { ExportProcessor } from './export.processor';
import { ExportService } from './export.service';

@Module({ providers: [ExportService, AssessmentExportService, ExportProcessor] })
export class ExportModule {}
