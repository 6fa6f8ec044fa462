// The rows one change queues (a report opening many alerts: hundreds) in one statement, with one JSON
// parameter: TypeORM's insert bound 28 parameters a row (a limit of 2,340 rows a statement) and built the
// statement through its query builder, which cost more CPU than the insert itself.
export const INSERT_DELIVERIES = `INSERT INTO deliveries (id, group_id, org_id, alert_id, alert_config_id, notification_index,
  notification_type_name, target_type, recipient, target, event_kind, alert, context, status, attempt_count,
  next_attempt_at, lease_owner, lease_until, last_status_code, last_error, suppressed_by, suppression_reason,
  notification_group_id, alert_ids, redelivery_of, created, updated, completed)
  SELECT id, group_id, org_id, alert_id, alert_config_id, notification_index, notification_type_name,
    target_type, recipient, target, event_kind, alert, COALESCE(context, '{}'), status, attempt_count,
    next_attempt_at, lease_owner, lease_until, last_status_code, last_error, suppressed_by, suppression_reason,
    notification_group_id, alert_ids, redelivery_of, created, updated, completed
  FROM jsonb_to_recordset($1::jsonb) AS r(id char(24), group_id char(24), org_id char(24), alert_id char(24),
    alert_config_id char(24), notification_index integer, notification_type_name varchar, target_type varchar,
    recipient text, target text, event_kind varchar, alert jsonb, context jsonb, status varchar,
    attempt_count integer, next_attempt_at timestamptz, lease_owner varchar, lease_until timestamptz,
    last_status_code integer, last_error text, suppressed_by char(24), suppression_reason text,
    notification_group_id char(24), alert_ids jsonb, redelivery_of char(24), created timestamptz,
    updated timestamptz, completed timestamptz)`;
