-- The SQL of escalation-policies.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertPolicy
insert into
  "escalation_policies" ("id", "city_key", "sensor_type", "severity", "created_by", "created_at", "updated_at")
values
  ($1, $2, $3, $4, $5, $6, $7);

delete from "escalation_steps"
where
  "policy_id" = $1;

insert into
  "escalation_steps" (
    "position",
    "after_seconds",
    "action",
    "audience",
    "severity",
    "every_seconds",
    "policy_id"
  )
values
  ($1, $2, $3, $4, $5, $6, $7),
  ($8, $9, $10, $11, $12, $13, $14),
  ($15, $16, $17, $18, $19, $20, $21);

-- listPolicies
select
  *
from
  "escalation_policies"
where
  "city_key" = $1
order by
  "created_at",
  "id"
limit
  $2;

select
  *
from
  "escalation_steps"
where
  "policy_id" in ($1)
order by
  "policy_id",
  "position";

-- findPolicy
select
  *
from
  "escalation_policies"
where
  "id" = $1;

select
  *
from
  "escalation_steps"
where
  "policy_id" in ($1)
order by
  "policy_id",
  "position";

-- scopeTaken
select
  "id"
from
  "escalation_policies"
where
  "city_key" = $1
  and "severity" = $2
  and coalesce(sensor_type, '') = $3;

-- updatePolicy
update "escalation_policies"
set
  "city_key" = $1,
  "sensor_type" = $2,
  "severity" = $3,
  "updated_at" = $4
where
  "id" = $5;

delete from "escalation_steps"
where
  "policy_id" = $1;

insert into
  "escalation_steps" (
    "position",
    "after_seconds",
    "action",
    "audience",
    "severity",
    "every_seconds",
    "policy_id"
  )
values
  ($1, $2, $3, $4, $5, $6, $7),
  ($8, $9, $10, $11, $12, $13, $14);

-- sensorTypesWithPolicy
select
  "sensor_type"
from
  "escalation_policies"
where
  "city_key" = $1
  and "severity" = $2
  and "sensor_type" is not null;

-- alertsForPreview
select
  "alerts".*,
  "sensors"."type" as "sensor_type"
from
  "alerts"
  left join "sensors" on "sensors"."id" = "alerts"."sensor_id"
where
  "alerts"."city_key" = $1
  and "alerts"."severity" = $2
  and "alerts"."created_at" >= $3
  and "alerts"."suppressed" = $4
  and "sensors"."type" = $5
order by
  "alerts"."created_at" desc,
  "alerts"."id"
limit
  $6;

select
  count(*)::int as "count"
from
  "alerts"
  left join "sensors" on "sensors"."id" = "alerts"."sensor_id"
where
  "alerts"."city_key" = $1
  and "alerts"."severity" = $2
  and "alerts"."created_at" >= $3
  and "alerts"."suppressed" = $4
  and "sensors"."type" = $5;

-- findAlertWithSensorType
select
  "alerts".*,
  "sensors"."type" as "sensor_type"
from
  "alerts"
  left join "sensors" on "sensors"."id" = "alerts"."sensor_id"
where
  "alerts"."id" = $1;

-- policyCovering
select
  *
from
  "escalation_policies"
where
  "city_key" = $1
  and "severity" = $2
  and (
    "sensor_type" is null
    or "sensor_type" = $3
  )
order by
  sensor_type nulls last
limit
  $4;

select
  *
from
  "escalation_steps"
where
  "policy_id" in ($1)
order by
  "policy_id",
  "position";

-- firedSteps
select
  "position",
  max(occurrence)::int as "occurrence"
from
  "alert_escalations"
where
  "alert_id" = $1
  and "policy_id" = $2
group by
  "position";

-- deletePolicy
delete from "escalation_policies"
where
  "id" = $1;
