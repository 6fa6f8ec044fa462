import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { MATCHER_FIELD_NAMES, MATCHER_OPERATORS } from '../../catalog/matchers';

// Only entities matching every matcher are checked for the alert condition (the product's alert configuration).
export class MatcherRequest {
  @ApiProperty({
    enum: MATCHER_FIELD_NAMES,
    example: 'REPLICA_SET_NAME',
    description:
      'Host alerts: TYPE_NAME, HOSTNAME, PORT, HOSTNAME_AND_PORT, REPLICA_SET_NAME; replica-set alerts: ' +
      'REPLICA_SET_NAME, SHARD_NAME, CLUSTER_NAME; sharded-cluster alerts: CLUSTER_NAME.',
  })
  @IsIn(MATCHER_FIELD_NAMES)
  fieldName!: string;

  @ApiProperty({ enum: MATCHER_OPERATORS, example: 'EQUALS' })
  @IsIn(MATCHER_OPERATORS)
  operator!: string;

  @ApiProperty({
    example: 'rs1',
    description:
      'For TYPE_NAME one of STANDALONE, PRIMARY, SECONDARY, ARBITER, MONGOS, CONFIG; for REGEX a regular expression.',
  })
  @IsString()
  value!: string;
}
