import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiError } from '../../../platform/http/api-error';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { IntegrationsErrors } from '../integrations.errors';
import { IntegrationListQuery } from './dto/integration-list.query';
import {
  INTEGRATION_RESPONSE_CLASSES,
  INTEGRATION_RESPONSE_SCHEMA,
  IntegrationListResponse,
  type IntegrationResponse,
} from './dto/integration.response';
import {
  EXAMPLE_GROUP,
  LIST_EXAMPLE,
  REQUEST_BODY_EXAMPLES,
  RESPONSE_EXAMPLES,
} from './integration.examples';
import { INTEGRATION_REQUEST_CLASSES } from './integration-request.parser';
import { INTEGRATION_TYPES } from './integration-types';
import { IntegrationsService } from './integrations.service';

const READERS =
  'Needs a project read role (GROUP_READ_ONLY or any project role; ORG_OWNER, ORG_READ_ONLY, global roles).';
const WRITERS = 'Needs GROUP_OWNER (or ORG_OWNER, GLOBAL_OWNER).';

const REQUEST_SCHEMA = {
  oneOf: Object.values(INTEGRATION_REQUEST_CLASSES).map((model) => ({ $ref: getSchemaPath(model) })),
  discriminator: {
    propertyName: 'type',
    mapping: Object.fromEntries(
      Object.entries(INTEGRATION_REQUEST_CLASSES).map(([type, model]) => [type, getSchemaPath(model)]),
    ),
  },
};

const groupIdParam = ApiParam({
  name: 'groupId',
  description: 'Project (group) id.',
  example: EXAMPLE_GROUP,
});
const typeParam = ApiParam({ name: 'integrationType', enum: INTEGRATION_TYPES, example: 'SLACK' });
const requestBody = ApiBody({
  schema: REQUEST_SCHEMA,
  examples: REQUEST_BODY_EXAMPLES,
  description: 'One integration object whose `type` equals the path segment; fields per type.',
});
const unknownProject = ApiErrorResponses(404, 'Unknown project.', [
  CommonErrors.GROUP_NOT_FOUND(EXAMPLE_GROUP),
]);
const notConfigured = ApiErrorResponses(404, 'The type is not configured, or the project is unknown.', [
  IntegrationsErrors.INTEGRATION_NOT_CONFIGURED('SLACK'),
  CommonErrors.GROUP_NOT_FOUND(EXAMPLE_GROUP),
]);
// Alerting refuses the removal of an integration that notifications without a target of their own use
// (the codes are alerting's: this context does not import it).
const USED_BY_NOTIFICATIONS = [
  new ApiError(
    400,
    'WEBHOOK_NOTIFICATIONS_PRESENT',
    'The WEBHOOK integration is used by notifications of alert configuration 5e8cc670a16506712e0b1e97.',
    ['5e8cc670a16506712e0b1e97'],
  ),
  new ApiError(
    400,
    'INTEGRATION_NOTIFICATIONS_PRESENT',
    'The PAGER_DUTY integration is used by notifications of alert configuration 5e8cc670a16506712e0b1e97.',
    ['PAGER_DUTY', '5e8cc670a16506712e0b1e97'],
  ),
];
const badType = (...more: Parameters<typeof ApiErrorResponses>[2]) =>
  ApiErrorResponses(400, 'Unknown integration type in the path, or invalid settings naming the field.', [
    CommonErrors.INVALID_ENUM_VALUE('HIP_CHAT', 'integrationType'),
    ...more,
  ]);
const invalidSettings = badType(
  IntegrationsErrors.INVALID_INTEGRATION_SETTINGS(
    'SLACK',
    'type must be SLACK, the integration type of the path',
  ),
  IntegrationsErrors.INVALID_INTEGRATION_SETTINGS('SLACK', 'teamName is required'),
  IntegrationsErrors.INVALID_INTEGRATION_SETTINGS(
    'OPS_GENIE',
    'region must be one of the following values: US, EU',
  ),
  IntegrationsErrors.INVALID_INTEGRATION_SETTINGS(
    'PROMETHEUS',
    'tlsPemPath is required when scheme is https',
  ),
  CommonErrors.INVALID_ATTRIBUTE('roomName'),
);

@ApiTags('Third-party integrations')
@ApiExtraModels(...Object.values(INTEGRATION_REQUEST_CLASSES), ...Object.values(INTEGRATION_RESPONSE_CLASSES))
@Controller('groups/:groupId/integrations')
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get all integrations of one project', description: `Oldest first. ${READERS}` })
  @groupIdParam
  @ApiOkResponse({ type: IntegrationListResponse, example: LIST_EXAMPLE })
  @unknownProject
  list(
    @Param('groupId') groupId: string,
    @Query() query: IntegrationListQuery,
  ): Promise<ListEnvelope<IntegrationResponse>> {
    return this.integrations.list(groupId, query);
  }

  @Get(':integrationType')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get the integration of one type',
    description: `Secrets are redacted. ${READERS}`,
  })
  @groupIdParam
  @typeParam
  @ApiOkResponse({
    content: { 'application/json': { schema: INTEGRATION_RESPONSE_SCHEMA, examples: RESPONSE_EXAMPLES } },
  })
  @badType()
  @notConfigured
  get(
    @Param('groupId') groupId: string,
    @Param('integrationType') type: string,
  ): Promise<IntegrationResponse> {
    return this.integrations.get(groupId, type);
  }

  @Put(':integrationType')
  @RequireProjectRole('GROUP_OWNER')
  @ApiOperation({
    summary: 'Replace or add the integration of one type',
    description:
      'Replaces the whole configuration of the type, adding it when missing, and answers with every ' +
      'integration of the project (paginated). A secret sent back exactly in its redacted form keeps the ' +
      'stored secret; an optional setting left out is removed. Unlike the product, SLACK may be added here: ' +
      `this service has no web interface to configure it first. ${WRITERS}`,
  })
  @groupIdParam
  @typeParam
  @requestBody
  @ApiOkResponse({ type: IntegrationListResponse, example: LIST_EXAMPLE })
  @invalidSettings
  @unknownProject
  replace(
    @Param('groupId') groupId: string,
    @Param('integrationType') type: string,
    @Body() body: unknown,
    @Query() query: IntegrationListQuery,
  ): Promise<ListEnvelope<IntegrationResponse>> {
    return this.integrations.replace(groupId, type, body, query);
  }

  @Post(':integrationType')
  @HttpCode(HttpStatus.OK)
  @RequireProjectRole('GROUP_OWNER')
  @ApiOperation({
    summary: 'Add the integration of one type',
    description:
      'Adds without replacing; refused with 409 when the type is already configured. Answers 200 with ' +
      `every integration of the project, as the product does. ${WRITERS}`,
  })
  @groupIdParam
  @typeParam
  @requestBody
  @ApiOkResponse({ type: IntegrationListResponse, example: LIST_EXAMPLE })
  @invalidSettings
  @unknownProject
  @ApiErrorResponses(409, 'The type is already configured.', [
    IntegrationsErrors.INTEGRATION_ALREADY_CONFIGURED('SLACK'),
  ])
  create(
    @Param('groupId') groupId: string,
    @Param('integrationType') type: string,
    @Body() body: unknown,
    @Query() query: IntegrationListQuery,
  ): Promise<ListEnvelope<IntegrationResponse>> {
    return this.integrations.create(groupId, type, body, query);
  }

  @Delete(':integrationType')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireProjectRole('GROUP_OWNER')
  @ApiOperation({ summary: 'Remove the integration of one type', description: `No body. ${WRITERS}` })
  @groupIdParam
  @typeParam
  @ApiNoContentResponse({ description: 'Removed; no body.' })
  @badType(...USED_BY_NOTIFICATIONS)
  @notConfigured
  remove(@Param('groupId') groupId: string, @Param('integrationType') type: string): Promise<void> {
    return this.integrations.remove(groupId, type);
  }
}
