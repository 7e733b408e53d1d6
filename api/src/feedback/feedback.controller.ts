import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { feedbackSchema, type PublicUser } from '@planejador/contracts';
import { ReportsRepository } from '@planejador/db';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { RateLimitService } from '../core/rate-limit.service';
import { ZodValidationPipe } from '../core/zod-validation.pipe';

@Controller('api/feedback')
@UseGuards(AuthenticatedGuard)
export class FeedbackController {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly rateLimit: RateLimitService,
  ) {}

  @Post()
  @HttpCode(201)
  async create(
    @CurrentUser() user: PublicUser,
    @Body(new ZodValidationPipe(feedbackSchema)) body: { rating: number; comment?: string },
  ) {
    await this.rateLimit.hit('feedback', user.id, 20, 3600);
    const id = await this.reports.insertFeedback({ userId: user.id, rating: body.rating, comment: body.comment ?? null });
    return { id, message: 'Feedback enviado! Muito obrigado pela sua opinião.' };
  }
}
