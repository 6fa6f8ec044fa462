import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// What the link shows whoever follows it: what accepting gives, and whether a password must be chosen.
export class InvitationSummaryResponse {
  @ApiProperty({ example: 'sam.lee@example.com' })
  username!: string;

  @ApiProperty({ example: '5980cfc70b6d97029d82e3f6' })
  orgId!: string;

  @ApiProperty({ example: 'Payments' })
  orgName!: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e95' })
  groupId?: string;

  @ApiPropertyOptional({ example: 'payments-prod' })
  groupName?: string;

  @ApiProperty({ example: ['GROUP_READ_ONLY'] })
  roles!: string[];

  @ApiProperty({ example: 'jane.doe@example.com' })
  inviterUsername!: string;

  @ApiProperty({ example: '2024-07-31T10:00:00Z' })
  expiresAt!: string;

  @ApiProperty({
    description:
      'True when no user has this username yet: accepting then needs password, firstName and lastName.',
  })
  newUser!: boolean;
}
