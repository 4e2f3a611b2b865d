-- The SQL of report-figures.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- reportFigures
select
  "category",
  count(*) filter (
    where
      (
        "created_at" >= $1
        and "created_at" <= $2
      )
  ) as "opened",
  count(*) filter (
    where
      (
        (
          "closed_at" >= $3
          and "closed_at" <= $4
        )
        and "status" = $5
        and "merged_into" is null
      )
  ) as "closed",
  count(*) filter (
    where
      (
        (
          (
            "closed_at" >= $6
            and "closed_at" <= $7
          )
          and "status" = $8
          and "merged_into" is null
        )
        and "closed_at" <= "due_at"
      )
  ) as "closed_within_target",
  count(*) filter (
    where
      (
        (
          "closed_at" >= $9
          and "closed_at" <= $10
        )
        and "status" = $11
      )
  ) as "rejected",
  count(*) filter (
    where
      (
        (
          "closed_at" >= $12
          and "closed_at" <= $13
        )
        and "merged_into" is not null
      )
  ) as "duplicates",
  count(*) filter (
    where
      "status" in ($14, $15, $16)
  ) as "open_now",
  count(*) filter (
    where
      (
        "status" in ($17, $18, $19)
        and "due_at" < $20
      )
  ) as "overdue_now",
  percentile_cont(0.5) within group (
    order by
      extract(
        epoch
        from
          closed_at - created_at
      ) / 3600
  ) filter (
    where
      (
        (
          "closed_at" >= $21
          and "closed_at" <= $22
        )
        and "status" = $23
        and "merged_into" is null
      )
  ) as "median_hours"
from
  "reports"
where
  "city_key" = $24
  and (
    "created_at" >= $25
    or "closed_at" >= $26
    or "status" in ($27, $28, $29)
  )
  and "area_key" = $30
group by
  grouping sets ((category), ());
