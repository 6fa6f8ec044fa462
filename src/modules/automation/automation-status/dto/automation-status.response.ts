import { ApiProperty } from '@nestjs/swagger';

export class AutomationProcessStatusResponse {
  @ApiProperty({ example: 0, description: '0 when the process has no error.' })
  errorCode!: number;

  @ApiProperty({ example: '', description: 'Empty string when no error.' })
  errorCodeDescription!: string;

  @ApiProperty({ example: '', description: 'Empty string when no error.' })
  errorCodeHumanReadable!: string;

  @ApiProperty({ example: '', description: 'Log line holding the error; empty string when no error.' })
  errorString!: string;

  @ApiProperty({ example: 'example.net' })
  hostname!: string;

  @ApiProperty({ example: 11, description: 'Last configuration version the process deployed as configured.' })
  lastGoalVersionAchieved!: number;

  @ApiProperty({ example: 'myReplicaSet_3' })
  name!: string;

  @ApiProperty({
    type: [String],
    example: ['Download', 'WaitRsInit', 'WaitFeatureCompatibilityVersionCorrect'],
  })
  plan!: string[];
}

// GET /groups/{groupId}/automationStatus (the product's automation status).
export class AutomationStatusResponse {
  @ApiProperty({
    example: 11,
    description: 'Version of the most recently published automation configuration.',
  })
  goalVersion!: number;

  @ApiProperty({ type: [AutomationProcessStatusResponse] })
  processes!: AutomationProcessStatusResponse[];
}
