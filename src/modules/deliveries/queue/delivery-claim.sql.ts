// Fair claims of due deliveries, organizations first, then projects within each, by slots: a slot is one
// receiver call in flight, and carries a batch of due rows of one project to one receiver (same
// configuration, notification, type and recipient, receiverKey in receiver-key.ts), sent one after the
// other: up to `batchSize` rows for a receiver known to answer (`batched`), one row for any other, so a
// receiver that hangs or fails holds one row per slot. A receiver's rows are dealt round the project's
// slots. Each batch is leased under an owner of its own, so the slots busy are the distinct lease owners of
// the leased rows (not counting this instance's rows whose calls have ended and whose records are being
// written: their slots are free, so claims and records overlap).
// A batch's load is its turn among its project's due batches (each receiver's first batch before any
// second one, then oldest first) plus the project's busy slots; batches past the per-project cap are left.
// The rest of an organization's batches are numbered by that load, so its projects take turns; that number
// plus the organization's busy slots is the batch's organization load, capped the same way. Batches are
// taken by organization load: one of every organization with the fewest calls in flight first, so one
// tenant's backlog or unresponsive receivers never hold more than its caps of slots nor delay another
// tenant's deliveries behind them. A delivery whose organization was unknown at enqueue counts as an
// organization of its own project.
//
// Claims are serialised across instances by a transaction-scoped advisory lock (lockClaims). The claim is
// one short statement, so waiting for the lock costs little.
export const CLAIM = `
  WITH leased AS (
    SELECT coalesce(org_id, group_id) AS org_key, group_id, lease_owner FROM deliveries
     WHERE status = 'PENDING' AND lease_until > $3 AND id <> ALL ($7::char(24)[])),
  project_busy AS (SELECT group_id, count(DISTINCT lease_owner)::int AS busy FROM leased GROUP BY group_id),
  org_busy AS (SELECT org_key, count(DISTINCT lease_owner)::int AS busy FROM leased GROUP BY org_key),
  due AS (
    SELECT id, org_key, group_id, next_attempt_at, md5(receiver) || '#' || part AS batch, part
      FROM (SELECT id, org_key, group_id, next_attempt_at, receiver,
                   -- Dealt round the project's slots: each of the first $6 batches takes every $6th row.
                   (place / ($6 * size)) * $6 + place % $6 AS part
              FROM (SELECT id, org_key, group_id, next_attempt_at, receiver,
                           CASE WHEN receiver = ANY ($9::text[]) THEN $8 ELSE 1 END AS size,
                           row_number() OVER (PARTITION BY org_key, receiver ORDER BY next_attempt_at, id) - 1
                             AS place
                      FROM (SELECT id, coalesce(org_id, group_id) AS org_key, group_id, next_attempt_at,
                                   concat_ws('/', group_id, alert_config_id,
                                             coalesce(notification_index::text, '-'), target_type,
                                             coalesce(recipient, '-')) AS receiver
                              -- One alert's messages reach a receiver in the order they were queued (an
                              -- open before its close): only the first still pending of each is due.
                              FROM (SELECT *, row_number() OVER (
                                              PARTITION BY alert_id, alert_config_id, notification_index,
                                                           target_type, recipient
                                              ORDER BY created, id) AS in_line
                                      FROM deliveries WHERE status = 'PENDING') AS d
                             WHERE in_line = 1 AND next_attempt_at <= $3
                               AND (lease_until IS NULL OR lease_until <= $3)) AS pending) AS placed) AS dealt),
  batches AS (
    SELECT batch, org_key, group_id, part, min(next_attempt_at) AS next_attempt_at
      FROM due GROUP BY batch, org_key, group_id, part),
  project_fair AS (
    SELECT batches.batch, batches.org_key, batches.next_attempt_at,
           row_number() OVER (PARTITION BY batches.group_id
                              ORDER BY batches.part, batches.next_attempt_at, batches.batch)
             + coalesce(project_busy.busy, 0) AS load
      FROM batches LEFT JOIN project_busy USING (group_id)),
  org_fair AS (
    SELECT project_fair.batch, project_fair.next_attempt_at,
           row_number() OVER (PARTITION BY project_fair.org_key
                              ORDER BY project_fair.load, project_fair.next_attempt_at, project_fair.batch)
             + coalesce(org_busy.busy, 0) AS load
      FROM project_fair LEFT JOIN org_busy USING (org_key)
     WHERE project_fair.load <= $6),
  fair AS (
    SELECT batch FROM org_fair WHERE load <= $5
     ORDER BY load, next_attempt_at, batch
     LIMIT $4),
  chosen AS (
    SELECT due.id, md5($1 || due.batch) AS lease FROM due WHERE due.batch IN (SELECT batch FROM fair)),
  claimed AS (
    UPDATE deliveries AS d
       SET lease_owner = chosen.lease, lease_until = $2, attempt_count = d.attempt_count + 1, updated = $3
      FROM chosen
     WHERE d.id = chosen.id
       AND d.id IN (SELECT id FROM deliveries WHERE id IN (SELECT id FROM chosen) FOR UPDATE SKIP LOCKED)
       AND d.status = 'PENDING' AND (d.lease_until IS NULL OR d.lease_until <= $3)
     RETURNING d.id, d.lease_owner)
  SELECT lease_owner AS lease, array_agg(id ORDER BY id) AS ids FROM claimed GROUP BY lease_owner`;
