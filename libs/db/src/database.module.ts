import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { Database, type DatabaseOptions, type Repository } from './database';
import { AiCallsRepository } from './repositories/ai-calls';
import { AulasRepository } from './repositories/aulas';
import { AvaliacoesRepository } from './repositories/avaliacoes';
import { CalendariosRepository } from './repositories/calendarios';
import { CreditsRepository } from './repositories/credits';
import { CurriculumRepository } from './repositories/curriculum';
import { EmailLogsRepository } from './repositories/email-logs';
import { ExportFilesRepository } from './repositories/export-files';
import { FairnessRepository } from './repositories/fairness';
import { HealthRepository } from './repositories/health';
import { LessonContentRepository } from './repositories/lesson-content';
import { PlanGenerationRepository } from './repositories/plan-generation';
import { PlanosRepository } from './repositories/planos';
import { PlanosListRepository } from './repositories/planos-list';
import { ReportsRepository } from './repositories/reports';
import { TurmasRepository } from './repositories/turmas';
import { UsersRepository } from './repositories/users';

/** Every repository class; a new one is added here and to the index (CONTRIBUTING.md, "Um método de repositório"). */
export const REPOSITORIES: readonly (new (db: Database) => Repository)[] = [
  AiCallsRepository,
  AulasRepository,
  AvaliacoesRepository,
  CalendariosRepository,
  CreditsRepository,
  CurriculumRepository,
  EmailLogsRepository,
  ExportFilesRepository,
  FairnessRepository,
  HealthRepository,
  LessonContentRepository,
  PlanGenerationRepository,
  PlanosRepository,
  PlanosListRepository,
  ReportsRepository,
  TurmasRepository,
  UsersRepository,
];

/**
 * The process's Database and every repository, injectable by class in any module of the api or the worker (global);
 * the connections close when the application shuts down.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  static forRoot(options: DatabaseOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: Database, useFactory: () => Database.connect(options) },
      ...REPOSITORIES.map((repository) => ({ provide: repository, inject: [Database], useFactory: (db: Database) => new repository(db) })),
    ];
    return { module: DatabaseModule, providers, exports: providers.map((p) => (p as { provide: unknown }).provide as never) };
  }

  constructor(@Inject(Database) private readonly db: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}
