CREATE TABLE "cohort_day_summaries" (
	"panel_id" integer NOT NULL,
	"metric_id" smallint NOT NULL,
	"day" date NOT NULL,
	"isp_id" integer,
	"package_id" integer,
	"technology" text,
	"region" text,
	"unit_ids" integer[] NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision,
	"max" double precision,
	"keys" integer[] NOT NULL,
	"counts" integer[] NOT NULL,
	"no_data" integer DEFAULT 0 NOT NULL,
	"cant_run" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cohort_day_summaries_key" UNIQUE NULLS NOT DISTINCT("panel_id","metric_id","day","isp_id","package_id","technology","region")
);
--> statement-breakpoint
-- The cohort rows of a panel's days, derived from the unit-day rows with the units' attributes as
-- they are now (seed, backfill, a fixture; ingestion keeps them as results arrive).
CREATE OR REPLACE FUNCTION wb_rebuild_cohort_day_summaries(p_panel integer, from_day date, to_day date)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  DELETE FROM cohort_day_summaries
  WHERE panel_id = p_panel AND day BETWEEN from_day AND to_day;
  WITH joined AS MATERIALIZED (
    SELECT u.panel_id, s.unit_id, s.metric_id, s.day, u.isp_id, u.package_id, ua.technology,
           ua.region, s.count, s.sum, s.min, s.max, s.keys, s.counts, s.no_data, s.cant_run,
           s.errors
    FROM units u
    JOIN unit_day_summaries s ON s.unit_id = u.id AND s.day BETWEEN from_day AND to_day
    LEFT JOIN unit_attributes ua ON ua.unit_id = u.id
    WHERE u.panel_id = p_panel
  ),
  totals AS (
    SELECT panel_id, metric_id, day, isp_id, package_id, technology, region,
           array_agg(unit_id ORDER BY unit_id) AS unit_ids, sum(count)::int AS count,
           sum(sum)::float8 AS sum, min(min) AS min, max(max) AS max,
           sum(no_data)::int AS no_data, sum(cant_run)::int AS cant_run, sum(errors)::int AS errors
    FROM joined GROUP BY 1, 2, 3, 4, 5, 6, 7
  ),
  buckets AS (
    SELECT panel_id, metric_id, day, isp_id, package_id, technology, region, k, sum(c)::int AS c
    FROM joined, unnest(keys, counts) AS b(k, c)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ),
  sketches AS (
    SELECT panel_id, metric_id, day, isp_id, package_id, technology, region,
           array_agg(k ORDER BY k) AS keys, array_agg(c ORDER BY k) AS counts
    FROM buckets GROUP BY 1, 2, 3, 4, 5, 6, 7
  )
  INSERT INTO cohort_day_summaries
    (panel_id, metric_id, day, isp_id, package_id, technology, region, unit_ids, count, sum, min,
     max, keys, counts, no_data, cant_run, errors)
  SELECT t.panel_id, t.metric_id, t.day, t.isp_id, t.package_id, t.technology, t.region,
         t.unit_ids, t.count, t.sum, t.min, t.max, coalesce(k.keys, '{}'), coalesce(k.counts, '{}'),
         t.no_data, t.cant_run, t.errors
  FROM totals t
  LEFT JOIN sketches k ON (k.panel_id, k.metric_id, k.day) = (t.panel_id, t.metric_id, t.day)
    AND k.isp_id IS NOT DISTINCT FROM t.isp_id AND k.package_id IS NOT DISTINCT FROM t.package_id
    AND k.technology IS NOT DISTINCT FROM t.technology AND k.region IS NOT DISTINCT FROM t.region;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END $$;
--> statement-breakpoint
-- Existing stores: every panel's days.
SELECT wb_rebuild_cohort_day_summaries(p.pid, '-infinity'::date, 'infinity'::date)
FROM (SELECT DISTINCT panel_id AS pid FROM units) p;
