// Group messages told: sent, or attempted and may have arrived (in flight, or waiting to be retried), or
// an ending still queued, which is kept and sent. An alert counts as told open when the latest of these
// messages to carry it carried it open; a group with none such is left out.
export const GROUPS_TOLD_OPEN = `
  WITH messages AS (
    SELECT id, notification_group_id, created, status, lease_until, context, alert AS document,
           status = 'SUCCEEDED'
             OR (status = 'PENDING' AND (attempt_count > 0 OR alert->>'status' = 'CLOSED')) AS told
      FROM deliveries
     WHERE group_id = $1 AND notification_group_id IS NOT NULL),
  carried AS (
    SELECT m.notification_group_id, m.id, m.created, m.told, a.alert, a.alert->>'id' AS alert_id,
           m.document->'resolvedAlertIds' @> jsonb_build_array(a.alert->'id') AS ended
      FROM messages m CROSS JOIN LATERAL jsonb_array_elements(m.document->'alerts') AS a(alert)),
  told_open AS (
    SELECT * FROM (
      SELECT DISTINCT ON (notification_group_id, alert_id) notification_group_id, alert_id, alert, ended
        FROM carried WHERE told
       ORDER BY notification_group_id, alert_id, created DESC, id DESC) latest
     WHERE NOT ended),
  ended_untold AS (
    SELECT DISTINCT ON (notification_group_id, alert_id) notification_group_id, alert_id, alert
      FROM carried WHERE ended AND NOT told
     ORDER BY notification_group_id, alert_id, created DESC, id DESC),
  last_told AS (
    SELECT DISTINCT ON (notification_group_id) notification_group_id, context
      FROM messages WHERE told
     ORDER BY notification_group_id, created DESC, id DESC),
  busy AS (
    SELECT notification_group_id, max(lease_until) AS busy_until
      FROM messages WHERE status = 'PENDING'
     GROUP BY notification_group_id)
  SELECT o.notification_group_id,
         jsonb_agg(jsonb_build_object('alert', coalesce(e.alert, o.alert), 'ended', e.alert IS NOT NULL)
                   ORDER BY o.alert->>'created', o.alert_id) AS alerts,
         l.context, b.busy_until
    FROM told_open o
    LEFT JOIN ended_untold e USING (notification_group_id, alert_id)
    JOIN last_told l USING (notification_group_id)
    LEFT JOIN busy b USING (notification_group_id)
   GROUP BY o.notification_group_id, l.context, b.busy_until
   ORDER BY o.notification_group_id`;
