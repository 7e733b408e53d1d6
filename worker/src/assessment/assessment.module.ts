import { Logger, Module } from '@nestjs/common';
import { createAssessmentWriter } from '@planejador/ai';
import type { Settings } from '@planejador/config';
import { CurriculumRepository } from '@planejador/db';
import { CurriculumService } from '@planejador/curriculum';
import { SETTINGS } from '../core/tokens';
import { OutageRetry } from '../generation/outage-retry';
import { AssessmentFinalizer } from './assessment.finalizer';
import { AssessmentProcessor } from './assessment.processor';
import { AssessmentService } from './assessment.service';
import { AssessmentSweeper } from './assessment.sweeper';
import { ASSESSMENT_WRITER } from './assessment.tokens';

const aiLogger = new Logger('ai-assessment');

/** Assessment by skill (issue 26): the writing job, its finaliser and its sweeper, on the 'assessment' queue. */
@Module({
  providers: [
    { provide: CurriculumService, inject: [CurriculumRepository], useFactory: (skills: CurriculumRepository) => new CurriculumService(skills) },
    {
      provide: ASSESSMENT_WRITER,
      inject: [SETTINGS],
      useFactory: (s: Settings) =>
        createAssessmentWriter(s, {
          debug: (o, m) => aiLogger.debug(o, m),
          info: (o, m) => aiLogger.log(o, m),
          warn: (o, m) => aiLogger.warn(o, m),
          error: (o, m) => aiLogger.error(o, m),
        }),
    },
    OutageRetry,
    AssessmentService,
    AssessmentFinalizer,
    AssessmentSweeper,
    AssessmentProcessor,
  ],
})
export class AssessmentModule {}
