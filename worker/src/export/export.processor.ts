import { exportAssessmentJobSchema, exportPlanJobSchema, exportTrimestreJobSchema } from '@planejador/contracts';
import { QUEUES } from '@planejador/queue';
import { QueueProcessor, type JobHandlers, type QueueHandlers } from '../core/queue-processor';
import { AssessmentExportService } from './assessment-export.service';
import { ExportService } from './export.service';
import { TrimestreExportService } from './trimestre-export.service';

type Export = typeof QUEUES.export;

/** Thin: parse, render the document and store it (the job returns the file's id). */
@QueueProcessor(QUEUES.export, (s) => ({ concurrency: s.EXPORT_CONCURRENCY }))
export class ExportProcessor implements QueueHandlers<Export> {
  constructor(
    private readonly exports: ExportService,
    private readonly assessments: AssessmentExportService,
    private readonly trimestres: TrimestreExportService,
  ) {}

  readonly handlers: JobHandlers<Export> = {
    'export-plan': async (job) => {
      const { planId, userId } = exportPlanJobSchema.parse(job.data);
      return this.exports.export(planId, userId);
    },
    'export-assessment': async (job) => {
      const { avaliacaoId, userId } = exportAssessmentJobSchema.parse(job.data);
      return this.assessments.export(avaliacaoId, userId);
    },
    'export-trimestre': async (job) => this.trimestres.export(exportTrimestreJobSchema.parse(job.data)),
  };
}
