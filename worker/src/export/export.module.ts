import { Module } from '@nestjs/common';
import { AssessmentExportService } from './assessment-export.service';
import { DocumentRenderer } from './document-renderer';
import { ExportProcessor } from './export.processor';
import { ExportService } from './export.service';
import { PdfConverter } from './pdf-converter';
import { TrimestreExportService } from './trimestre-export.service';

/** The export queue: every document the api asks for (a plan, an assessment, a trimestre hand-in), rendered and stored. */
@Module({ providers: [DocumentRenderer, ExportService, AssessmentExportService, TrimestreExportService, PdfConverter, ExportProcessor] })
export class ExportModule {}
