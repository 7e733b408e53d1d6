import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EmailLogsController, EmailSenderController } from './email-sender.controller';
import { EmailSenderService } from './email-sender.service';

@Module({ imports: [AuthModule], controllers: [EmailSenderController, EmailLogsController], providers: [EmailSenderService] })
export class AdminModule {}
