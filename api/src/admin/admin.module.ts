import { Module } from '@nestjs/common';
import { EmailLogsController, EmailSenderController } from './email-sender.controller';
import { EmailSenderService } from './email-sender.service';

@Module({ controllers: [EmailSenderController, EmailLogsController], providers: [EmailSenderService] })
export class AdminModule {}
