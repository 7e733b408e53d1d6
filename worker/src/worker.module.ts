import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Settings } from '@planejador/config';
import { DatabaseModule } from '@planejador/db';
import { AssessmentModule } from './assessment/assessment.module';
import { CoreModule } from './core/core.module';
import { ExportModule } from './export/export.module';
import { GenerationModule } from './generation/generation.module';
import { MailModule } from './mail/mail.module';
import { SweeperModule } from './sweeper/sweeper.module';

/** The worker, built from the settings its process parsed once (main.ts). */
@Module({})
export class WorkerModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: settings.LOG_LEVEL, name: 'worker', redact: ['*.password', '*.token', '*.apiKey'] } }),
        DatabaseModule.forRoot({ databaseUrl: settings.DATABASE_URL!, poolMax: settings.DATABASE_POOL_MAX, statementPoolMax: 2, idleConnections: settings.DATABASE_IDLE_CONNECTIONS }),
        CoreModule.forRoot(settings),
        GenerationModule,
        ExportModule,
        MailModule,
        AssessmentModule,
        SweeperModule,
      ],
    };
  }
}
