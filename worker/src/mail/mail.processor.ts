import { mailJobSchema } from '@planejador/contracts';
import { QUEUES } from '@planejador/queue';
import { QueueProcessor, type JobHandlers, type QueueHandlers } from '../core/queue-processor';
import { MailService } from './mail.service';

type Mail = typeof QUEUES.mail;

@QueueProcessor(QUEUES.mail, (s) => ({ concurrency: s.MAIL_CONCURRENCY }))
export class MailProcessor implements QueueHandlers<Mail> {
  constructor(private readonly mail: MailService) {}

  readonly handlers: JobHandlers<Mail> = {
    'send-mail': async (job) => {
      const payload = mailJobSchema.parse(job.data);
      const attempt = job.attemptsMade + 1;
      return this.mail.handle(payload, attempt, attempt >= (job.opts.attempts ?? 1));
    },
  };
}
