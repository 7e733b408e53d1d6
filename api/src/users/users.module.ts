import { Module } from '@nestjs/common';
import { ProfileController } from './profile.controller';
import { StatsController } from './stats.controller';

@Module({ controllers: [StatsController, ProfileController] })
export class UsersModule {}
