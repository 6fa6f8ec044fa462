import { ApiHideProperty, ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { AlertConfigFieldsRequest } from '../../alert-configs/dto/create-alert-config.request';
import { MAX_GLOBAL_GROUP_IDS, MAX_GLOBAL_TAGS } from '../global-alert-config-rules';

// The fields of a project's alert configuration (same rules and caps) without its project, and the
// projects a global one applies to.
export class GlobalAlertConfigFieldsRequest extends OmitType(AlertConfigFieldsRequest, ['groupId'] as const) {
  @ApiProperty({
    example: true,
    description:
      'Required. true: every project (narrowed by `tags`); false: the projects of `groupIds` only.',
  })
  @IsOptional()
  @IsBoolean()
  forAllGroups?: boolean;

  @ApiPropertyOptional({
    type: [String],
    example: ['5e8cc670a16506712e0b1e95'],
    maxItems: MAX_GLOBAL_GROUP_IDS,
    description: 'With forAllGroups false: the projects, at least one.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_GLOBAL_GROUP_IDS, { message: `at most ${MAX_GLOBAL_GROUP_IDS} projects` })
  @IsString({ each: true })
  groupIds?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['production'],
    maxItems: MAX_GLOBAL_TAGS,
    description: 'With forAllGroups true: only the projects carrying every one of these tags.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_GLOBAL_TAGS, { message: `at most ${MAX_GLOBAL_TAGS} tags` })
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  tags?: string[];

  // Read-only on PUT (equal to the stored value, ATTRIBUTE_READ_ONLY otherwise); ignored on POST. Declared
  // again: the read-only marks of a class do not pass through OmitType.
  @ReadOnlyField({ type: String })
  declare id?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-23T14:52:29Z' })
  declare created?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-23T14:56:25Z' })
  declare updated?: unknown;

  @ApiHideProperty()
  @ReadOnlyField()
  declare links?: unknown;
}

export class CreateGlobalAlertConfigRequest extends GlobalAlertConfigFieldsRequest {
  @ApiProperty({ example: 'HOST_DOWN', description: 'An alertable event type.' })
  @IsString()
  eventTypeName!: string;
}

// PUT: replaces the configuration as a project's PUT does; an omitted eventTypeName keeps the current one.
export class ReplaceGlobalAlertConfigRequest extends GlobalAlertConfigFieldsRequest {
  @ApiPropertyOptional({ example: 'HOST_DOWN', description: 'Omitted: the current event type is kept.' })
  @IsOptional()
  @IsString()
  eventTypeName?: string;
}

// PATCH: only enables or disables; the other fields a GET body carries must equal the stored values.
// Declared in full: the read-only marks of a class do not pass through OmitType.
export class ToggleGlobalAlertConfigRequest {
  @ApiProperty({ example: false })
  @IsBoolean()
  enabled!: boolean;

  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String })
  eventTypeName?: unknown;

  @ReadOnlyField({ type: Boolean })
  forAllGroups?: unknown;

  @ReadOnlyField({ type: [String] })
  groupIds?: unknown;

  @ReadOnlyField({ type: [String] })
  tags?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-23T14:52:29Z' })
  created?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-23T14:56:25Z' })
  updated?: unknown;

  @ReadOnlyField({ type: 'array', items: { type: 'object' } })
  matchers?: unknown;

  @ReadOnlyField({ type: 'array', items: { type: 'object' } })
  notifications?: unknown;

  @ReadOnlyField({ type: Object })
  metricThreshold?: unknown;

  @ReadOnlyField({ type: Object })
  threshold?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
