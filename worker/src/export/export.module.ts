import { Module } from '@nestjs/common';
import { AssessmentExportService } from '../assessment/assessment-export.service';
import { ExportProcessor } from './export.processor';
import { ExportService } from './export.service';
import { PdfConverter } from './pdf-converter';
import { TrimestreExportService } from './trimestre-export.service';

@Module({ providers: [ExportService, AssessmentExportService, TrimestreExportService, PdfConverter, ExportProcessor] })
export class ExportModule {}
