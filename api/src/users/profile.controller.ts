import { Body, Controller, NotFoundException, Patch, UseGuards } from '@nestjs/common';
import { MSG, updateUserSchema, type PublicUser, type UpdateUserData } from '@planejador/contracts';
import { UsersRepository } from '@planejador/db';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { ZodValidationPipe } from '../core/zod-validation.pipe';

/**
 * The signed-in teacher's own account (the settings page): PATCH /api/auth/user changes her first and last name
 * (a name skipped at sign-up can be added) and answers the user as GET /api/auth/user does. The user is always
 * the session's: there is no id to name another.
 */
@Controller('api/auth')
@UseGuards(AuthenticatedGuard)
export class ProfileController {
  constructor(private readonly users: UsersRepository) {}

  @Patch('user')
  async update(@CurrentUser() user: PublicUser, @Body(new ZodValidationPipe(updateUserSchema)) body: UpdateUserData): Promise<PublicUser> {
    const updated = await this.users.updateUserName(user.id, body);
    // The account was deleted meanwhile.
    if (!updated) throw new NotFoundException({ message: MSG.notFound });
    return updated;
  }
}
