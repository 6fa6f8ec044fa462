// The receiver of a delivery as the claim groups rows (its `receiver` expression, delivery-claim.sql.ts).
export function receiverKey(row: {
  groupId: string;
  alertConfigId: string;
  notificationIndex: number | null;
  targetType: string;
  recipient: string | null;
}): string {
  return [
    row.groupId,
    row.alertConfigId,
    row.notificationIndex ?? '-',
    row.targetType,
    row.recipient ?? '-',
  ].join('/');
}
