import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { AlertEntity } from './alerts/alert.entity';
import { AlertsController } from './alerts/alerts.controller';
import { AlertsService } from './alerts/alerts.service';
import { MaintenanceWindowEntity } from './maintenance-windows/maintenance-window.entity';
import { MaintenanceWindowsController } from './maintenance-windows/maintenance-windows.controller';
import { MaintenanceWindowsService } from './maintenance-windows/maintenance-windows.service';

@Module({
  // IdentityModule provides the ProjectDirectory (a project's organization, for events and existence).
  imports: [IdentityModule, TypeOrmModule.forFeature([AlertEntity, MaintenanceWindowEntity])],
  controllers: [AlertsController, MaintenanceWindowsController],
  providers: [AlertsService, MaintenanceWindowsService],
  exports: [AlertsService, MaintenanceWindowsService],
})
export class AlertingModule {}
