import { Module } from '@nestjs/common';
import { CalendarioController } from './calendario.controller';
import { CalendarioService } from './calendario.service';

@Module({ controllers: [CalendarioController], providers: [CalendarioService], exports: [CalendarioService] })
export class CalendarioModule {}
