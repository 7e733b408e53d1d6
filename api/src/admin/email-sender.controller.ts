import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { emailSenderSchema, type EmailSenderData, type PublicUser } from '@planejador/contracts';
import { AdminGuard, CurrentUser } from '../auth/guards';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { EmailSenderService } from './email-sender.service';

@Controller('admin/email-sender')
@UseGuards(AdminGuard)
export class EmailSenderController {
  constructor(private readonly sender: EmailSenderService) {}

  @Post()
  @HttpCode(202)
  send(@CurrentUser() admin: PublicUser, @Body(new ZodValidationPipe(emailSenderSchema)) body: EmailSenderData) {
    return this.sender.send(admin, body);
  }

}

/** Past sends, newest first (the page /admin/email-sender itself is a web route). */
@Controller('api/admin/email-logs')
@UseGuards(AdminGuard)
export class EmailLogsController {
  constructor(private readonly sender: EmailSenderService) {}

  @Get()
  history() {
    return this.sender.history();
  }
}
