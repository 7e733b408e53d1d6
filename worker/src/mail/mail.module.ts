import { Module } from '@nestjs/common';
import { MailProcessor } from './mail.processor';
import { MailService } from './mail.service';

@Module({ providers: [MailService, MailProcessor] })
export class MailModule {}
