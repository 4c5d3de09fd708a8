-- The measurement store's hand-written part (server/services/ingestion/README.md).
-- Monthly partitions of unit_results, created ahead by wb_ensure_result_partitions(from, to);
-- a default partition keeps a result whose month has no partition yet (never lost).
CREATE OR REPLACE FUNCTION wb_ensure_result_partitions(from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  month date := date_trunc('month', from_day)::date;
  created integer := 0;
  name text;
BEGIN
  WHILE month <= to_day LOOP
    name := format('unit_results_%s', to_char(month, 'YYYY_MM'));
    IF to_regclass(name) IS NULL THEN
      BEGIN
        EXECUTE format(
          'CREATE TABLE %I PARTITION OF unit_results FOR VALUES FROM (%L) TO (%L)',
          name, month::timestamptz, (month + interval '1 month')::timestamptz);
        created := created + 1;
      EXCEPTION WHEN check_violation THEN
        -- The default partition already holds rows of that month: they stay there (still read).
        NULL;
      END;
    END IF;
    month := (month + interval '1 month')::date;
  END LOOP;
  RETURN created;
END $$;
--> statement-breakpoint
CREATE TABLE unit_results_default PARTITION OF unit_results DEFAULT;
--> statement-breakpoint
SELECT wb_ensure_result_partitions((now() - interval '3 months')::date, (now() + interval '2 months')::date);
--> statement-breakpoint
-- contracts/quantile-sketch.ts sketchKey in SQL: the same keys (γ = 1.01 / 0.99, ln γ inlined).
CREATE OR REPLACE FUNCTION wb_sketch_key(v double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN abs(v) < 1e-9 THEN 0
    WHEN v > 0 THEN 10000 + least(9999, greatest(-9999, ceil(ln(v) / 0.020000666706669435)::integer))
    ELSE -(10000 + least(9999, greatest(-9999, ceil(ln(-v) / 0.020000666706669435)::integer)))
  END
$$;
--> statement-breakpoint
-- contracts/quantile-sketch.ts keyValue in SQL: the value a bucket key stands for.
CREATE OR REPLACE FUNCTION wb_sketch_value(k integer) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN k = 0 THEN 0::double precision
    ELSE sign(k) * 2 * power(1.02020202020202::double precision, abs(k) - 10000) / 2.02020202020202
  END
$$;
