-- The SQL of alarm-kpis.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- countWindowAlerts
select
  (
    count(*) filter (
      where
        not suppressed
    )
  )::int as announced,
  (
    count(*) filter (
      where
        suppressed
    )
  )::int as suppressed,
  (
    count(*) filter (
      where
        chattering
        and not suppressed
    )
  )::int as chattering_alerts,
  (
    count(distinct sensor_id) filter (
      where
        chattering
        and not suppressed
    )
  )::int as chattering_sensors,
  (
    count(*) filter (
      where
        group_id is not null
        and not suppressed
    )
  )::int as flood_alerts
from
  alerts
where
  city_key = $1
  and created_at >= $2::timestamptz
  and created_at < $3::timestamptz;

-- countAlertsPerBucket
select
  floor(
    extract(
      epoch
      from
        (created_at - $1::timestamptz)
    ) * 1000 / $2
  )::int as bucket,
  count(*)::int as count
from
  alerts
where
  city_key = $3
  and created_at >= $4::timestamptz
  and created_at < $5::timestamptz
  and not suppressed
group by
  1
order by
  1;

-- topAlerts
select
  sensor_id,
  rule,
  count(*)::int as count,
  (
    array_agg(
      location
      order by
        created_at desc,
        id
    )
  ) [1] as location,
  (
    array_agg(
      title
      order by
        created_at desc,
        id
    )
  ) [1] as title
from
  alerts
where
  city_key = $1
  and created_at >= $2::timestamptz
  and created_at < $3::timestamptz
  and not suppressed
  and sensor_id is not null
group by
  sensor_id,
  rule
order by
  count(*) desc,
  max(created_at) desc,
  sensor_id,
  rule
limit
  $4;

-- countStandingAlerts
select
  count(*)::int as count,
  min(created_at) as oldest
from
  alerts
where
  city_key = $1
  and created_at < $2::timestamptz
  and status in ('open', 'acknowledged')
  and not suppressed
  and (
    shelved_until is null
    or shelved_until <= $3::timestamptz
  );

-- countShelvedAlerts
select
  count(*)::int as count
from
  alerts
where
  shelved_until > $1::timestamptz
  and city_key = $2
  and status in ('open', 'acknowledged')
  and not suppressed;

-- floodSeconds
with
  spans as (
    select
      greatest(created_at, $1::timestamptz) as s,
      least(
        last_joined_at + ($2 * interval '1 millisecond'),
        coalesce(resolved_at, $3::timestamptz),
        $4::timestamptz
      ) as e
    from
      alert_groups
    where
      city_key = $5
      and created_at < $6::timestamptz
      and last_joined_at + ($7 * interval '1 millisecond') > $8::timestamptz
  ),
  ordered as (
    select
      s,
      e,
      max(e) over (
        order by
          s,
          e rows between unbounded preceding
          and 1 preceding
      ) as reached
    from
      spans
    where
      e > s
  ),
  islands as (
    select
      s,
      e,
      sum(
        case
          when reached is null
          or s > reached then 1
          else 0
        end
      ) over (
        order by
          s,
          e rows unbounded preceding
      ) as island
    from
      ordered
  )
select
  coalesce(
    sum(
      extract(
        epoch
        from
          (island_end - island_start)
      )
    ),
    0
  )::float8 as seconds
from
  (
    select
      min(s) as island_start,
      max(e) as island_end
    from
      islands
    group by
      island
  ) merged;
