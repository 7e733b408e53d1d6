import { Module } from '@nestjs/common';
import { FrontendErrorController } from './frontend-error.controller';

@Module({ controllers: [FrontendErrorController] })
export class LogsModule {}
