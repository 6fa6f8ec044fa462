// Name of the agent API's security scheme in the OpenAPI document (registered in platform/http/openapi.ts).
export const AGENT_KEY_SECURITY = 'agentKey';

// The request examples of POST /agents/v1/groups/{groupId}/reports, one per kind of agent.
export const AGENT_REPORT_EXAMPLES = {
  monitoring: {
    summary: 'A monitoring agent reporting one replica set member',
    value: {
      agentType: 'MONITORING',
      hostname: 'agent0.example.com',
      version: '107.0.0.8465-1',
      hosts: [
        {
          hostname: 'db0.example.com',
          port: 27017,
          typeName: 'REPLICA_PRIMARY',
          replicaSetName: 'rs0',
          up: true,
          measurements: [
            { metricName: 'CONNECTIONS', units: 'SCALAR', value: 42, timestamp: '2024-01-15T10:30:00Z' },
          ],
          disks: [{ partitionName: 'xvdf' }],
        },
      ],
    },
  },
  automation: {
    summary: 'An automation agent reporting its processes',
    value: {
      agentType: 'AUTOMATION',
      hostname: 'db0.example.com',
      version: '107.0.0.8465-1',
      processes: [
        {
          name: 'rs0_0',
          hostname: 'db0.example.com',
          lastGoalVersionAchieved: 3,
          plan: [],
          errorCode: 0,
          errorCodeDescription: '',
          errorCodeHumanReadable: '',
          errorString: '',
        },
      ],
    },
  },
};
