import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Settings } from '@planejador/config';
import { DatabaseModule } from '@planejador/db';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { AvaliacoesModule } from './avaliacoes/avaliacoes.module';
import { CalendarioModule } from './calendario/calendario.module';
import { CoreModule } from './core/core.module';
import { FeedbackModule } from './feedback/feedback.module';
import { HealthModule } from './health/health.module';
import { LogsModule } from './logs/logs.module';
import { MatrizModule } from './matriz/matriz.module';
import { PlanosModule } from './planos/planos.module';
import { RealtimeModule } from './realtime/realtime.module';
import { TrimestresModule } from './trimestres/trimestres.module';
import { TurmasModule } from './turmas/turmas.module';
import { UsersModule } from './users/users.module';
import { loggerOptions } from './logger';

/** The feature modules; AppModule.forRoot adds what each process configures once (logger, ORM, core). */
const FEATURES = [
  AuthModule,
  UsersModule,
  TurmasModule,
  FeedbackModule,
  LogsModule,
  HealthModule,
  PlanosModule,
  MatrizModule,
  RealtimeModule,
  AdminModule,
  CalendarioModule,
  AvaliacoesModule,
  TrimestresModule,
];

/** The api, built from the settings its process parsed once (main.ts, or a test's harness). */
@Module({})
export class AppModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerOptions(settings)),
        // PostgreSQL: the ORM's 10 connections, and 5 for the prepared statements and the session store.
        DatabaseModule.forRoot({ databaseUrl: settings.DATABASE_URL!, poolMax: settings.DATABASE_POOL_MAX, statementPoolMax: 5, idleConnections: settings.DATABASE_IDLE_CONNECTIONS }),
        CoreModule.forRoot(settings),
        ...FEATURES,
      ],
    };
  }
}
