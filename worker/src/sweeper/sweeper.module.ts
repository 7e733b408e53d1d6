import { Module } from '@nestjs/common';
import { GenerationModule } from '../generation/generation.module';
import { SweeperProcessor } from './sweeper.processor';
import { SweeperService } from './sweeper.service';

/** The outbox sweeper, run by a BullMQ job scheduler on the maintenance queue (one run at a time, any process). */
@Module({
  imports: [GenerationModule],
  providers: [SweeperService, SweeperProcessor],
})
export class SweeperModule {}
