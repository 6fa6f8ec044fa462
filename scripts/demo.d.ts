// Types for scripts/demo.js, whose core the e2e test runs against a test instance of the service.
export interface DemoDelivery {
  eventKind: string;
  targetType: string;
  status: string;
  attemptCount: number;
}

export interface DemoResult {
  credentials: { publicKey: string; privateKey: string };
  groupId: string;
  agentKey: string;
  alertId: string;
  deliveries: DemoDelivery[];
}

export function runDemo(options: {
  baseUrl: string;
  raw?: Record<string, string>;
  log?: (line: string) => void;
  waitMs?: number;
}): Promise<DemoResult>;
