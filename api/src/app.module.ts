import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { loadSettings } from '@planejador/config';
import { ormConfig } from '@planejador/db';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { CoreModule } from './core/core.module';
import { FeedbackModule } from './feedback/feedback.module';
import { HealthModule } from './health/health.module';
import { LogsModule } from './logs/logs.module';
import { MatrizModule } from './matriz/matriz.module';
import { PlanosModule } from './planos/planos.module';
import { RealtimeModule } from './realtime/realtime.module';
import { TurmasModule } from './turmas/turmas.module';
import { UsersModule } from './users/users.module';
import { loggerOptions } from './logger';

@Module({
  imports: [
    LoggerModule.forRootAsync({ useFactory: () => loggerOptions(loadSettings()) }),
    MikroOrmModule.forRootAsync({
      useFactory: () => ormConfig({ databaseUrl: loadSettings().DATABASE_URL!, poolMax: 10 }),
      driver: undefined,
    }),
    CoreModule,
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
  ],
})
export class AppModule {}
