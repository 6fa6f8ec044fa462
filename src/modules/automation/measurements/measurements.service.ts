import { Injectable } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import { ApiError } from '../../../platform/http/api-error';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import { hostAndPort } from '../hosts/host-keys';
import { HostsService } from '../hosts/hosts.service';
import { ProjectScope } from '../../../platform/auth/project-scope';
import type { MeasurementsQuery } from './dto/measurements.query';
import type { MeasurementSeriesResponse, MeasurementsResponse } from './dto/measurements.response';
import { resolveWindow } from './measurement-window';
import { MeasurementStore } from './measurement.store';

// A host's measurements over a window, averaged per granularity bucket.
@Injectable()
export class MeasurementsService {
  constructor(
    private readonly scope: ProjectScope,
    private readonly hosts: HostsService,
    private readonly store: MeasurementStore,
    private readonly links: PageLinks,
    private readonly clock: Clock,
  ) {}

  async get(groupId: string, hostId: string, query: MeasurementsQuery): Promise<MeasurementsResponse> {
    await this.scope.orgOf(groupId);
    const host = await this.hosts.find(groupId, hostId);
    const window = resolveWindow(query, this.clock.now());
    if (window instanceof ApiError) throw window;
    const points = await this.store.series(host.id, window, query.m);
    const series = new Map<string, MeasurementSeriesResponse>();
    for (const point of points) {
      const entry = series.get(point.metricName) ?? {
        name: point.metricName,
        units: point.units,
        dataPoints: [],
      };
      entry.units = point.units;
      entry.dataPoints.push({ timestamp: toIsoSeconds(point.bucket), value: point.value });
      series.set(point.metricName, entry);
    }
    return {
      groupId,
      hostId: host.id,
      processId: hostAndPort(host.hostname, host.port),
      granularity: window.granularity,
      start: toIsoSeconds(window.start),
      end: toIsoSeconds(window.end),
      measurements: [...series.values()],
      links: this.links.self(`/groups/${groupId}/hosts/${host.id}/measurements`),
    };
  }
}
