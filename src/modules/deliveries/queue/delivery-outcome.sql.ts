// One statement for the outcomes of many attempts (a storm's deliveries end together): each row is
// released and takes its new state only while its batch (`lease`) still leases it and it is PENDING; a row
// whose lease lapsed and went to another batch keeps that batch's state.
// (A SELECT over the UPDATE: TypeORM answers a bare UPDATE ... RETURNING as [rows, count].)
export const SETTLE = `
  WITH settled AS (
  UPDATE deliveries AS d
     SET status = u.status, next_attempt_at = u.next_attempt_at, lease_owner = NULL, lease_until = NULL,
         last_status_code = u.last_status_code, last_error = u.last_error, updated = $1,
         completed = CASE WHEN u.status = 'PENDING' THEN NULL ELSE $1::timestamptz END
    FROM unnest($2::char(24)[], $3::text[], $4::text[], $5::timestamptz[], $6::int[], $7::text[])
         AS u(id, lease_owner, status, next_attempt_at, last_status_code, last_error)
   WHERE d.id = u.id AND d.lease_owner = u.lease_owner AND d.status = 'PENDING'
  RETURNING d.id)
  SELECT id FROM settled`;

// Rows of a batch that were not sent: due again, their lease and their claimed attempt given back.
export const RELEASE = `
  UPDATE deliveries
     SET lease_owner = NULL, lease_until = NULL, attempt_count = attempt_count - 1, updated = $2
   WHERE id = ANY($3::char(24)[]) AND lease_owner = $1 AND status = 'PENDING'`;
