import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import { deployment, getJson, report, startAutomationApp, type Deployment } from './automation.fixture';
import { expectApiError } from '../../support/api-error';

const automationReport = (hostname: string, processes: unknown[]) => ({
  agentType: 'AUTOMATION',
  hostname,
  version: '107.0.0.8465-1',
  processes,
});

describe('GET /groups/{groupId}/automationStatus', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
    for (let i = 0; i < 11; i++) {
      const published = await call('PUT', `${t.apiUrl}/groups/${d.groupId}/automationConfig`, {
        auth: d.automationAdmin,
        body: { processes: [] },
      });
      expect(published.status).toBe(200);
    }
  });

  afterAll(async () => {
    await t.close();
  });

  const status = async () => (await getJson(t, d.readOnly, `/groups/${d.groupId}/automationStatus`)).body;

  it("should show per process what its automation agent reported, errors included, in the product's shape", async () => {
    await report(
      t,
      d,
      automationReport('example.net', [
        {
          name: 'myReplicaSet_3',
          hostname: 'example.net',
          lastGoalVersionAchieved: 11,
          plan: ['Download', 'WaitRsInit', 'WaitFeatureCompatibilityVersionCorrect'],
          errorCode: 0,
          errorCodeDescription: '',
          errorCodeHumanReadable: '',
          errorString: '',
        },
        {
          name: 'myReplicaSet_1',
          hostname: 'example.net',
          lastGoalVersionAchieved: 1,
          plan: ['Download'],
          errorCode: 100,
          errorCodeDescription: 'There is an issue with file permissions for this process',
          errorCodeHumanReadable: 'File Permissions Error',
          errorString: '<myReplicaSet_1> [13:11:33.348] permission denied',
        },
      ]),
    );
    expect(await status()).toEqual({
      goalVersion: 11,
      processes: [
        {
          errorCode: 100,
          errorCodeDescription: 'There is an issue with file permissions for this process',
          errorCodeHumanReadable: 'File Permissions Error',
          errorString: '<myReplicaSet_1> [13:11:33.348] permission denied',
          hostname: 'example.net',
          lastGoalVersionAchieved: 1,
          name: 'myReplicaSet_1',
          plan: ['Download'],
        },
        {
          errorCode: 0,
          errorCodeDescription: '',
          errorCodeHumanReadable: '',
          errorString: '',
          hostname: 'example.net',
          lastGoalVersionAchieved: 11,
          name: 'myReplicaSet_3',
          plan: ['Download', 'WaitRsInit', 'WaitFeatureCompatibilityVersionCorrect'],
        },
      ],
    });
  });

  it("should replace an agent's processes with its next report and keep other agents' processes", async () => {
    await report(
      t,
      d,
      automationReport('other.net', [
        { name: 'other_0', hostname: 'other.net', lastGoalVersionAchieved: 11 },
      ]),
    );
    await report(
      t,
      d,
      automationReport('example.net', [
        { name: 'myReplicaSet_1', hostname: 'example.net', lastGoalVersionAchieved: 11, plan: [] },
      ]),
    );
    const processes = (await status()).processes as Array<{
      name: string;
      lastGoalVersionAchieved: number;
      errorCode: number;
    }>;
    expect(processes.map((p) => [p.name, p.lastGoalVersionAchieved, p.errorCode])).toEqual([
      ['myReplicaSet_1', 11, 0],
      ['other_0', 11, 0],
    ]);
  });

  it('should default plan to [] and the error fields to the no-error values, clearing text sent with errorCode 0', async () => {
    await report(
      t,
      d,
      automationReport('third.net', [
        { name: 'third_0', hostname: 'third.net', lastGoalVersionAchieved: 3, errorString: 'stale text' },
      ]),
    );
    const third = ((await status()).processes as Array<{ name: string }>).find((p) => p.name === 'third_0');
    expect(third).toEqual({
      errorCode: 0,
      errorCodeDescription: '',
      errorCodeHumanReadable: '',
      errorString: '',
      hostname: 'third.net',
      lastGoalVersionAchieved: 3,
      name: 'third_0',
      plan: [],
    });
  });

  it('should refuse a caller without a role on the project with NOT_IN_GROUP', async () => {
    const response = await getJson(t, d.outsider, `/groups/${d.groupId}/automationStatus`);
    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});
