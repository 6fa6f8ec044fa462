import { ApiProperty } from '@nestjs/swagger';

class InvitationFields {
  @ApiProperty({ example: '5f9b3c2e8f1d4a0012345678' })
  id!: string;

  @ApiProperty({
    example: 'sam.lee@example.com',
    description: 'The address the invitation was sent to; the username of whoever accepts it.',
  })
  username!: string;

  @ApiProperty({ example: ['GROUP_READ_ONLY'], description: 'The roles granted on acceptance.' })
  roles!: string[];

  @ApiProperty({ example: 'jane.doe@example.com', description: 'The user or API key that invited.' })
  inviterUsername!: string;

  @ApiProperty({ example: '2024-07-01T10:00:00Z' })
  createdAt!: string;

  @ApiProperty({ example: '2024-07-31T10:00:00Z', description: 'createdAt plus 30 days.' })
  expiresAt!: string;
}

export class OrgInvitationResponse extends InvitationFields {
  @ApiProperty({ example: '5980cfc70b6d97029d82e3f6' })
  orgId!: string;

  @ApiProperty({ example: 'Payments' })
  orgName!: string;

  @ApiProperty({ example: ['6b610e1087d9d66b272f0c86'], description: 'Teams joined on acceptance.' })
  teamIds!: string[];
}

export class ProjectInvitationResponse extends InvitationFields {
  @ApiProperty({ example: '5e8cc670a16506712e0b1e95' })
  groupId!: string;

  @ApiProperty({ example: 'payments-prod' })
  groupName!: string;

  @ApiProperty({
    example: [],
    description:
      'Always empty: teams are joined through organization invitations (the clients decode one type).',
  })
  teamIds!: string[];
}
