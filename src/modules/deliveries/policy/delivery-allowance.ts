// How many delivery rows one pass (the transaction of a change of alerts, or one notification sweep) may
// still create per project. The first notification of a project in a pass always goes, however many
// receivers it has, so a notification to more people than the limit is still sent (alone).
export class DeliveryAllowance {
  private readonly used = new Map<string, number>();

  constructor(private readonly limit: number) {}

  // Takes `rows` for the project when they fit (or nothing was taken yet); false: they wait.
  take(groupId: string, rows: number): boolean {
    const used = this.used.get(groupId) ?? 0;
    if (rows > 0 && used > 0 && used + rows > this.limit) return false;
    this.used.set(groupId, used + rows);
    return true;
  }

  // Rows that are never deferred (endings and acknowledgements) still count against what follows.
  charge(groupId: string, rows: number): void {
    this.used.set(groupId, (this.used.get(groupId) ?? 0) + rows);
  }
}
