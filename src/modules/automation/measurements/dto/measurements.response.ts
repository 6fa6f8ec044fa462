import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';

export class DataPointResponse {
  @ApiProperty({ example: '2024-01-15T09:05:00Z', description: 'Start of the bucket.' })
  timestamp!: string;

  @ApiProperty({ example: 42.5, description: 'Average of the samples in the bucket.' })
  value!: number;
}

export class MeasurementSeriesResponse {
  @ApiProperty({ example: 'CONNECTIONS' })
  name!: string;

  @ApiProperty({ example: 'SCALAR' })
  units!: string;

  @ApiProperty({ type: [DataPointResponse] })
  dataPoints!: DataPointResponse[];
}

// The product's host measurements resource (OM "Get Host, Process, System Measurements").
export class MeasurementsResponse {
  @ApiProperty({ example: '5e8cc670a16506712e0b1e95' })
  groupId!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e98' })
  hostId!: string;

  @ApiProperty({ example: 'db0.example.com:27017' })
  processId!: string;

  @ApiProperty({ example: 'PT5M' })
  granularity!: string;

  @ApiProperty({ example: '2024-01-15T09:00:00Z' })
  start!: string;

  @ApiProperty({ example: '2024-01-15T10:00:00Z' })
  end!: string;

  @ApiProperty({ type: [MeasurementSeriesResponse] })
  measurements!: MeasurementSeriesResponse[];

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}
