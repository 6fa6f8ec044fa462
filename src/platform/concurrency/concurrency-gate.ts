export class GateFullError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} tasks already wait`);
    this.name = 'GateFullError';
  }
}

// Whose task it is: tasks are shared out per organization first, then per project within it.
export interface GateTenant {
  org: string;
  project: string;
}

interface Waiter {
  go: () => void;
  refuse: (error: GateFullError) => void;
}

interface OrgLine {
  waiting: number;
  // A project's waiters, oldest first; the map's order is the order its projects are served in.
  projects: Map<string, Waiter[]>;
}

// Runs at most `limit` tasks at once. The others wait, served in turn per organization, then per project
// within it: the next task is the oldest of the project, of the organization, with the fewest tasks running,
// first in line among equals; a tenant served goes to the back of the line, and so does one whose task
// just finished. A finishing task hands its slot straight to the next waiter, so a newcomer never
// overtakes the line.
//
// At most `maxWaiting` tasks wait in all, so that a backlog, and the memory its tasks hold, stays bounded.
// When that many wait, a newcomer whose organization (or, within its own organization, whose project) has
// fewer waiting than the one with the most takes the place of that one's newest waiter, which is refused
// instead; otherwise the newcomer is refused (GateFullError). A tenant that waits for little is thus never
// refused because of another's backlog, and the busiest tenant is refused beyond its share.
export class ConcurrencyGate {
  private active = 0;
  private waiting = 0;
  private readonly orgs = new Map<string, OrgLine>();
  // Tasks running, by organization and by `org project` key; absent when none.
  private readonly running = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer: ${limit}`);
  }

  async run<T>(tenant: GateTenant, task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    else await this.wait(tenant);
    this.count(tenant, 1);
    try {
      return await task();
    } finally {
      this.count(tenant, -1);
      this.toBack(tenant);
      const next = this.next();
      if (next) next.go();
      else this.active--;
    }
  }

  get queued(): number {
    return this.waiting;
  }

  private wait(tenant: GateTenant): Promise<void> {
    if (this.waiting >= this.maxWaiting && !this.makeRoomFor(tenant)) {
      return Promise.reject(new GateFullError(this.waiting));
    }
    return new Promise<void>((go, refuse) => {
      let line = this.orgs.get(tenant.org);
      if (!line) this.orgs.set(tenant.org, (line = { waiting: 0, projects: new Map() }));
      let queue = line.projects.get(tenant.project);
      if (!queue) line.projects.set(tenant.project, (queue = []));
      queue.push({ go, refuse });
      line.waiting++;
      this.waiting++;
    });
  }

  private count({ org, project }: GateTenant, change: 1 | -1): void {
    for (const key of [org, `${org} ${project}`]) {
      const now = (this.running.get(key) ?? 0) + change;
      if (now === 0) this.running.delete(key);
      else this.running.set(key, now);
    }
  }

  private toBack({ org, project }: GateTenant): void {
    const line = this.orgs.get(org);
    if (!line) return;
    this.orgs.delete(org);
    this.orgs.set(org, line);
    const queue = line.projects.get(project);
    if (!queue) return;
    line.projects.delete(project);
    line.projects.set(project, queue);
  }

  private next(): Waiter | undefined {
    const org = this.leastRunning(this.orgs.keys(), (key) => key);
    if (org === undefined) return undefined;
    const line = this.orgs.get(org)!;
    const project = this.leastRunning(line.projects.keys(), (key) => `${org} ${key}`)!;
    const waiter = line.projects.get(project)!.shift()!;
    line.waiting--;
    this.waiting--;
    this.toBack({ org, project });
    if (line.projects.get(project)!.length === 0) line.projects.delete(project);
    if (line.projects.size === 0) this.orgs.delete(org);
    return waiter;
  }

  private leastRunning(keys: Iterable<string>, runningKey: (key: string) => string): string | undefined {
    let chosen: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const key of keys) {
      const running = this.running.get(runningKey(key)) ?? 0;
      if (running < fewest) [chosen, fewest] = [key, running];
    }
    return chosen;
  }

  // Refuses the newest waiter of the busiest organization (of the busiest project when that is the
  // newcomer's own organization) if it waits for more than the newcomer's; answers whether it did.
  private makeRoomFor(tenant: GateTenant): boolean {
    let victimOrg = tenant.org;
    let most = this.orgs.get(tenant.org)?.waiting ?? 0;
    for (const [org, line] of this.orgs) if (line.waiting > most) [victimOrg, most] = [org, line.waiting];
    const line = this.orgs.get(victimOrg);
    if (!line) return false;
    let victimProject: string | undefined;
    let longest = victimOrg === tenant.org ? (line.projects.get(tenant.project)?.length ?? 0) : 0;
    for (const [project, queue] of line.projects) {
      if (queue.length > longest) [victimProject, longest] = [project, queue.length];
    }
    if (victimProject === undefined) return false;
    const refusal = new GateFullError(this.waiting);
    const queue = line.projects.get(victimProject)!;
    const victim = queue.pop()!;
    line.waiting--;
    this.waiting--;
    if (queue.length === 0) line.projects.delete(victimProject);
    if (line.projects.size === 0) this.orgs.delete(victimOrg);
    victim.refuse(refusal);
    return true;
  }
}
