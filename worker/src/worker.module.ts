import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { loadSettings } from '@planejador/config';
import { ormConfig } from '@planejador/db';
import { CoreModule } from './core/core.module';
import { ExportModule } from './export/export.module';
import { GenerationModule } from './generation/generation.module';
import { MailModule } from './mail/mail.module';

@Module({
  imports: [
    LoggerModule.forRootAsync({
      useFactory: () => ({ pinoHttp: { level: loadSettings().LOG_LEVEL, name: 'worker', redact: ['*.password', '*.token', '*.apiKey'] } }),
    }),
    MikroOrmModule.forRootAsync({ useFactory: () => ormConfig({ databaseUrl: loadSettings().DATABASE_URL!, poolMax: 10 }), driver: undefined }),
    CoreModule,
    GenerationModule,
    ExportModule,
    MailModule,
  ],
})
export class WorkerModule {}
